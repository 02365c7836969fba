import type { Partner } from '../content/partners.ts';
import { partnerLogoUrl } from './partnerLogo.ts';
import './PartnerSlot.css';

/**
 * PartnerSlot shows the partner beside our logo in co-branded headers (spec 2.1 partner-logo
 * variant): its logo within the logo sizes of spec 2.1, else its name as text. loading="lazy"
 * keeps React's prerender from writing a preload <link> outside the one <header> of a fragment;
 * in view at the top of the page, the browser still loads it at once.
 */
export function PartnerSlot({ partner }: { partner: Partner }) {
  const src = partnerLogoUrl(partner.logoUrl);
  if (!src && !partner.name) return null;
  return (
    <span className="shell-partner" data-shell-partner="">
      {src ? <img className="shell-partner__logo" src={src} alt={partner.name} loading="lazy" /> : <span className="shell-partner__name">{partner.name}</span>}
    </span>
  );
}
