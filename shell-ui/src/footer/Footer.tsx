import type { FooterContent } from '../model/footer.ts';
import { markets } from '../market/markets.ts';
import { BrandMark } from '../header/BrandMark.tsx';
import { FooterLinkGroup } from './FooterLinkGroup.tsx';
import { LegalLinks } from './LegalLinks.tsx';
import { MarketPicker } from './MarketPicker.tsx';
import { SocialIcons } from './SocialIcons.tsx';
import './Footer.css';

export interface FooterProps {
  content: FooterContent;
  locale: string;
  /** designVersion picks the layout: "v1" (dark) or "v2" (light, compact). */
  designVersion: string;
  /** year is the copyright year, or the year slot in a prerendered fragment. */
  year: number | string;
}

/** Footer is the shell's footer: link groups, social icons, market picker, legal row, copyright. */
export function Footer({ content, locale, designVersion, year }: FooterProps) {
  const { labels } = content;
  const version = designVersion === 'v2' ? 'v2' : 'v1';
  // One text node, so the year slot and the year render the same markup.
  const copyright = labels.copyright.replace('{year}', String(year));
  return (
    <footer className={`shell-footer shell-footer--${version}`}>
      <div className="shell-footer__inner">
        <div className="shell-footer__intro">
          <span className="shell-footer__brand">
            <BrandMark />
          </span>
          <p className="shell-footer__claim">{labels.claim}</p>
          <SocialIcons icons={content.socialMediaIcons} heading={labels.socialHeading} hideHeading={content.hideSocialMediaHeading} followUs={labels.followUs} />
        </div>
        {content.hideFooterLinks ? null : (
          <nav className="shell-footer__groups" aria-label={labels.footerNavigation}>
            {content.footerLinks.map((group) => (
              <FooterLinkGroup key={group.id} group={group} />
            ))}
          </nav>
        )}
      </div>
      <div className="shell-footer__base">
        <div className="shell-footer__base-inner">
          <p className="shell-footer__copyright">{copyright}</p>
          <LegalLinks links={content.legalLinks} label={labels.legalNavigation} />
          {content.hideCountryPicker ? null : (
            <MarketPicker markets={markets} current={locale} label={labels.marketPicker} currentLabel={labels.marketPickerCurrent} />
          )}
        </div>
        <p className="shell-footer__disclaimer">{labels.disclaimer}</p>
      </div>
    </footer>
  );
}
