import './PartnerSlot.css';

/**
 * PartnerSlot sits beside our logo in the partner-logo headers. It is neutral for now: the
 * partner's name and logo will come from the shell state.
 */
export function PartnerSlot() {
  return <span className="shell-partner" data-shell-partner="" aria-hidden="true" />;
}
