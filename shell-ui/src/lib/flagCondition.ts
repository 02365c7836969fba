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
