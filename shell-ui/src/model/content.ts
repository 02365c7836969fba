import type { FooterContent } from './footer.ts';
import type { HeaderContent } from './header.ts';
import type { CountryBannerTexts } from './market.ts';

/** LocaleContent is everything the shell shows for one locale. */
export interface LocaleContent {
  locale: string;
  /**
   * basePath is the locale's base path on the unified .com domain (spec 2.3). Fragments do not
   * use it: they hold the base slot, and the gateway writes state.basePath, which is "" on a
   * market's own host. Tests and demo pages use it as the .com case.
   */
  basePath: string;
  header: HeaderContent;
  footer: FooterContent;
  /** banner is the country banner's texts, in the market's language (one market's only). */
  banner: CountryBannerTexts;
}
