import type { FooterContent } from '../model/footer.ts';
import type { HeaderContent } from '../model/header.ts';
import { footer as deFooter } from './de-DE/footer.ts';
import { header as deHeader } from './de-DE/header.ts';
import { footer as enGbFooter } from './en-GB/footer.ts';
import { header as enGbHeader } from './en-GB/header.ts';

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

/** localeContents lists the locales the build renders fragments for, default first. */
export const localeContents: readonly LocaleContent[] = [
  { locale: 'de-DE', basePath: '', header: deHeader, footer: deFooter },
  { locale: 'en-GB', basePath: '/en-gb', header: enGbHeader, footer: enGbFooter },
];

/** contentFor finds a locale's content, case-insensitively ("en-gb" finds en-GB). */
export function contentFor(locale: string): LocaleContent | undefined {
  const want = locale.toLowerCase();
  return localeContents.find((c) => c.locale.toLowerCase() === want);
}
