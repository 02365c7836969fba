/**
 * ValueOf is the union of an enumeration's values: `ValueOf<typeof OrderState>` is
 * "DRAFTED" | "VALIDATED" | ... Every enumeration here is a const object whose keys are the
 * values themselves, so `OrderState.DRAFTED` reads like the platform's spelling.
 */
export type ValueOf<E extends Readonly<Record<string, string>>> = E[keyof E];

/**
 * isValueOf tells whether an API's string is one of an enumeration's values, and narrows it.
 * APIs send values this module does not know yet; callers decide what an unknown one means.
 */
export function isValueOf<E extends Readonly<Record<string, string>>>(enumeration: E, value: unknown): value is ValueOf<E> {
  return typeof value === 'string' && Object.values(enumeration).includes(value);
}

/** valuesOf lists an enumeration's values in the spec's order. */
export function valuesOf<E extends Readonly<Record<string, string>>>(enumeration: E): ValueOf<E>[] {
  return Object.values(enumeration) as ValueOf<E>[];
}
