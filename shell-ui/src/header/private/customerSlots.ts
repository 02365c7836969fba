// The slots of the private header: where the prerender writes a marker that the edge replaces
// with the customer's text (HTML-escaped), and the client renders the same text from the
// state, so hydration matches. Every slot is the only child of its element, so an empty value
// is an empty element on both sides. The contract: prerender/README.md.
import { type Customer, type CustomerSlot, CustomerSlotPrefix, CustomerSlotSuffix, CustomerSlotValues } from '../../model/shellState.gen.ts';
import { IdentifierKinds } from './customerGates.ts';

/** CustomerSlotNames are every slot the private header holds (shellstate.CustomerSlot). */
export const CustomerSlotNames = CustomerSlotValues;

export type CustomerSlotName = CustomerSlot;

/** slotMarker is the text the prerender writes for a slot: "[[shell:customer.initials]]". */
export const slotMarker = (name: CustomerSlotName) => `${CustomerSlotPrefix}${name}${CustomerSlotSuffix}`;

/**
 * customerSlotValues are the texts of every slot for a customer: what the edge writes (escaped)
 * and React renders. A part that is absent gives "" (its element is hidden by its gate anyway).
 */
export function customerSlotValues(c: Customer): Record<CustomerSlotName, string> {
  const notice = c.notAvailableMessage;
  const values: Record<string, string> = {
    initials: c.initials,
    displayName: c.displayName,
    'total.label': c.totalBalance?.label ?? '',
    'total.amount': c.totalBalance?.amount ?? '',
    'available.label': c.availableBalance?.label ?? '',
    'available.amount': c.availableBalance?.amount ?? '',
    'notice.title': notice?.title ?? '',
    'notice.tooltip': notice?.tooltipText ?? '',
  };
  for (const kind of IdentifierKinds) {
    const id = c.accountIds?.find((a) => a.id === kind);
    values[`id.${kind}.label`] = id?.label ?? '';
    values[`id.${kind}.display`] = id?.display ?? '';
  }
  return values as Record<CustomerSlotName, string>;
}

/**
 * CustomerText gives a slot's text: the marker in the prerender (no customer), the customer's
 * text in the browser.
 */
export type CustomerText = (name: CustomerSlotName) => string;

export function customerText(c: Customer | null | undefined): CustomerText {
  if (!c) return slotMarker;
  const values = customerSlotValues(c);
  return (name) => values[name] ?? '';
}
