import type { FooterContent } from './footer.ts';
import type { HeaderContent } from './header.ts';

/** LocaleContent is everything the shell shows for one locale. */
export interface LocaleContent {
  locale: string;
  /**
   * basePath prefixes relative links. It is fixed at build time because the fragments are
   * prerendered with it; the gateway's market table must use the same base path.
   */
  basePath: string;
  header: HeaderContent;
  footer: FooterContent;
}
