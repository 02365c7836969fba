import type { FooterContent } from '../model/footer.ts';
import { markets } from '../market/markets.ts';
import { BrandMark } from '../header/BrandMark.tsx';
import { FooterLinkGroup } from './FooterLinkGroup.tsx';
import { LegalLinks } from './LegalLinks.tsx';
import { MarketPicker } from './MarketPicker.tsx';
import { EmbeddedAppViewFlag, MobileAppBanner } from './MobileAppBanner.tsx';
import { dropGateProps } from '../lib/flagCondition.ts';
import { useShellSettings } from '../shell/ShellContext.tsx';
import { PartnerCredits } from './PartnerCredits.tsx';
import { ReviewRating } from './ReviewRating.tsx';
import { RichText } from './RichText.tsx';
import { SocialIcons } from './SocialIcons.tsx';
import { UsContactBanner } from './UsContactBanner.tsx';
import './Footer.css';
// The footer's icons: one image, a cell each (--shell-icon-<name>, icons/sprite.ts).
import '../icons/grid.css';
import './FooterBlocks.css';

export interface FooterProps {
  content: FooterContent;
  locale: string;
  /** designVersion picks the layout: "v1" (dark, brand column) or "v2" (light, trust row first). */
  designVersion: string;
  /** year is the copyright year, or the year slot in a prerendered fragment. */
  year: number | string;
}

/**
 * OutsideAppGate: in the app's embedded view (the edge's embeddedAppView, spec 2.4) the market
 * picker and the link groups are hidden, as the app banner is (MobileAppBannerGate).
 */
export const OutsideAppGate = `!${EmbeddedAppViewFlag}`;

/**
 * Footer is the shell's footer with every block of spec 2.4: review rating, US contact banner,
 * link groups, social icons, app banner, copyright, legal links, partner credits, disclaimer
 * and market picker. v1 and v2 arrange them differently.
 */
export function Footer({ content, locale, designVersion, year }: FooterProps) {
  const { labels } = content;
  const { flags } = useShellSettings();
  // One text node, so the year slot and the year render the same markup.
  const copyright = <p className="shell-footer__copyright">{labels.copyright.replace('{year}', String(year))}</p>;
  const review = content.displayTrustpilot && content.review ? <ReviewRating review={content.review} locale={locale} /> : null;
  const usContact = content.displayUsContactBanner && content.usContactBanner ? <UsContactBanner banner={content.usContactBanner} /> : null;
  const appBanner = content.mobileBanner ? <MobileAppBanner banner={content.mobileBanner} /> : null;
  const social = <SocialIcons icons={content.socialMediaIcons} heading={labels.socialHeading} hideHeading={content.hideSocialMediaHeading} followUs={labels.followUs} />;
  const outsideApp = dropGateProps(OutsideAppGate, flags);
  const groups = content.hideFooterLinks || outsideApp === null ? null : (
    <nav className="shell-footer__groups" aria-label={labels.footerNavigation} {...outsideApp}>
      {content.footerLinks.map((group) => (
        <FooterLinkGroup key={group.id} group={group} />
      ))}
    </nav>
  );
  const legal = <LegalLinks links={content.legalLinks} label={labels.legalNavigation} />;
  const picker = content.hideCountryPicker ? null : (
    <MarketPicker markets={markets} current={locale} label={labels.marketPicker} currentLabel={labels.marketPickerCurrent} closeLabel={labels.closeDialog} gate={OutsideAppGate} />
  );
  const brand = (
    <span className="shell-footer__brand">
      <BrandMark />
    </span>
  );
  const fineprint = (
    <div>
      <PartnerCredits credits={content.credits ?? []} />
      <p className="shell-footer__disclaimer">{labels.disclaimer}</p>
      {content.disclaimerHtml ? <RichText html={content.disclaimerHtml} className="shell-footer__disclaimer shell-footer__rich" /> : null}
    </div>
  );

  if (designVersion === 'v2') {
    // v2: light and compact; the trust row (review, contact, apps) comes first, social icons
    // sit beside the market picker in the base row.
    const trust = review || usContact || appBanner;
    return (
      <footer className="shell-footer shell-footer--v2">
        {trust ? (
          <div className="shell-footer__trust">
            {review}
            {usContact}
            {appBanner}
          </div>
        ) : null}
        <div className="shell-footer__inner">
          <div className="shell-footer__intro">
            {brand}
            <p className="shell-footer__claim">{labels.claim}</p>
          </div>
          {groups}
        </div>
        <div className="shell-footer__base">
          <div className="shell-footer__base-inner">
            {social}
            {picker}
          </div>
          <div className="shell-footer__legal-row">
            {copyright}
            {legal}
          </div>
          {fineprint}
        </div>
      </footer>
    );
  }
  // v1: dark; a brand column (claim, review, social, apps) beside the link columns, the
  // contact banner on top.
  return (
    <footer className="shell-footer shell-footer--v1">
      {usContact ? <div className="shell-footer__band">{usContact}</div> : null}
      <div className="shell-footer__inner">
        <div className="shell-footer__intro">
          {brand}
          <p className="shell-footer__claim">{labels.claim}</p>
          {review}
          {social}
          {appBanner}
        </div>
        {groups}
      </div>
      <div className="shell-footer__base">
        <div className="shell-footer__base-inner">
          {copyright}
          {legal}
          {picker}
        </div>
        {fineprint}
      </div>
    </footer>
  );
}
