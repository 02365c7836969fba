// The consent manager's second layer (spec 2.4): a legal link to #consent-settings opens it
// instead of navigating. The consent manager is the host page's; the shell only asks for it.

interface ConsentManagerUI {
  showSecondLayer?: () => void;
}

/** ConsentAnchor is the href fragment of the legal link that opens the consent settings. */
export const ConsentAnchor = '#consent-settings';

/** ConsentSettingsEvent is dispatched on document so any consent manager adapter can listen. */
export const ConsentSettingsEvent = 'shell:consent-settings';

/** openConsentSettings opens the consent manager's settings layer, if the page has one. */
export function openConsentSettings(): void {
  const ui = (window as unknown as { UC_UI?: ConsentManagerUI }).UC_UI;
  ui?.showSecondLayer?.();
  document.dispatchEvent(new CustomEvent(ConsentSettingsEvent));
}
