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

export function flagConditionHolds(condition: string, flags: Readonly<Record<string, boolean>>): boolean {
  const terms = condition.split(/\s+/).filter((t) => t !== '');
  if (terms.length === 0) return false;
  return terms.every((term) =>
    term.split('|').some((alt) => (alt.startsWith('!') ? flags[alt.slice(1)] !== true : flags[alt] === true)),
  );
}

/** gateProps are the attributes of an element gated on condition (none when it is undefined). */
export function gateProps(condition: string | undefined, flags: Readonly<Record<string, boolean>>): { 'data-shell-flag'?: string; hidden?: boolean } {
  if (condition === undefined) return {};
  return { [FlagGateAttr]: condition, hidden: !flagConditionHolds(condition, flags) };
}
