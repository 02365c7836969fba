/**
 * FlagGateAttr marks an element that shows only while its flag condition holds. The prerender
 * knows no flags, so it renders each gated element as it reads without flags; the gateway
 * removes or adds `hidden` by the request's flags (caddy-module/flags/markup.go), and the
 * client renders `hidden` by this same rule, so hydration matches and the first HTML already
 * shows the flag-dependent entries.
 *
 * A condition is terms separated by spaces that must all hold; a term holds when one of its
 * |-separated alternatives does; an alternative is a flag key that must be true, or !key that
 * must not be: "isDWMLaunchNL|ippDwmLaunchNl", "mobileAppBanner !embeddedAppView".
 */
export const FlagGateAttr = 'data-shell-flag';

/** A flag key as the edge's condition parser takes it (flags.ParseCondition). */
const flagKey = /^[^!"'<>=]+$/;

/**
 * flagConditionHolds tells whether condition holds for flags. A malformed condition, which
 * the edge refuses, never holds: the cases both sides test are
 * caddy-module/flags/testdata/conditions.json.
 */
export function flagConditionHolds(condition: string, flags: Readonly<Record<string, boolean>>): boolean {
  const terms = condition.split(/\s+/).filter((t) => t !== '');
  if (terms.length === 0) return false;
  const parsed = terms.map((term) =>
    term.split('|').map((alt) => (alt.startsWith('!') ? { key: alt.slice(1), negate: true } : { key: alt, negate: false })),
  );
  if (parsed.some((alts) => alts.some((a) => !flagKey.test(a.key)))) return false;
  return parsed.every((alts) => alts.some((a) => (flags[a.key] === true) !== a.negate));
}

/** gateProps are the attributes of an element gated on condition (none when it is undefined). */
export function gateProps(condition: string | undefined, flags: Readonly<Record<string, boolean>>): { 'data-shell-flag'?: string; hidden?: boolean } {
  if (condition === undefined) return {};
  return { [FlagGateAttr]: condition, hidden: !flagConditionHolds(condition, flags) };
}

/**
 * FlagDropAttr marks an element that is in the page only while its condition holds
 * (caddy-module/flags/markup.go, DropAttr): the prerender writes every such element with its
 * condition (and hidden when it fails without flags); the gateway cuts the elements whose
 * condition fails and the attribute of those it keeps, so a page carries neither rows it does
 * not show nor condition text. In the browser the element is rendered without the attribute,
 * or not at all, by the state's flags, which are the gateway's: hydration matches. Only for
 * elements whose flags do not change after the first paint (the footer, the country banner).
 */
export const FlagDropAttr = 'data-shell-if';

let prerendering = false;

/**
 * prerenderGates runs render (a synchronous renderToString of the prerender) with every
 * drop-gated element written with its condition, for the gateway to cut or keep.
 */
export function prerenderGates<T>(render: () => T): T {
  prerendering = true;
  try {
    return render();
  } finally {
    prerendering = false;
  }
}

/**
 * dropGateProps are the attributes of an element that exists only while condition holds, or
 * null when it must not be rendered. In the prerender (prerenderGates) every such element is
 * written, with the gateway's marker, hidden when it fails without flags.
 */
export function dropGateProps(condition: string | undefined, flags: Readonly<Record<string, boolean>>): { 'data-shell-if'?: string; hidden?: boolean } | null {
  if (condition === undefined) return {};
  const holds = flagConditionHolds(condition, flags);
  if (prerendering) return holds ? { [FlagDropAttr]: condition } : { [FlagDropAttr]: condition, hidden: true };
  return holds ? {} : null;
}
