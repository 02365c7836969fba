import type { LocaleContent } from '../model/content.ts';
import type { PublicNav } from '../model/header.ts';
import { withPublicNav } from './publicNav.ts';

export type { LocaleContent } from '../model/content.ts';

/** ContentParts says which parts of a locale's content a page needs beside the base. */
export interface ContentParts {
  /**
   * publicNav: the public header's menus and actions (default true). A customer's header
   * (private, loading) shows neither, so its page leaves them out (shell/publicNav.ts).
   */
  publicNav?: boolean;
}

/** ContentLocale is a locale with shell content, and how to load it. */
export interface ContentLocale {
  locale: string;
  /**
   * load brings the locale's content. Each locale's base and its public menus are chunks of
   * their own in the client build, so a page downloads its own market's content only, however
   * many markets there are, and a customer's page no public menus.
   */
  load: (parts?: ContentParts) => Promise<LocaleContent>;
}

function contentLocale(locale: string, base: () => Promise<{ base: LocaleContent }>, nav: () => Promise<{ publicNav: PublicNav }>): ContentLocale {
  return {
    locale,
    load: async ({ publicNav = true } = {}) => {
      const [b, n] = await Promise.all([base(), publicNav ? nav() : undefined]);
      return n ? withPublicNav(b.base, n.publicNav) : b.base;
    },
  };
}

/** contentLocales lists the locales the build renders fragments for, default first. */
export const contentLocales: readonly ContentLocale[] = [
  contentLocale('de-DE', () => import('./de-DE/base.ts'), () => import('./de-DE/publicNav.ts')),
  contentLocale('de-AT', () => import('./de-AT/base.ts'), () => import('./de-AT/publicNav.ts')),
  contentLocale('de-CH', () => import('./de-CH/base.ts'), () => import('./de-CH/publicNav.ts')),
  contentLocale('en-GB', () => import('./en-GB/base.ts'), () => import('./en-GB/publicNav.ts')),
  contentLocale('en-IE', () => import('./en-IE/base.ts'), () => import('./en-IE/publicNav.ts')),
  contentLocale('en-US', () => import('./en-US/base.ts'), () => import('./en-US/publicNav.ts')),
  contentLocale('fr-FR', () => import('./fr-FR/base.ts'), () => import('./fr-FR/publicNav.ts')),
  contentLocale('es-ES', () => import('./es-ES/base.ts'), () => import('./es-ES/publicNav.ts')),
  contentLocale('nl-NL', () => import('./nl-NL/base.ts'), () => import('./nl-NL/publicNav.ts')),
  contentLocale('pl-PL', () => import('./pl-PL/base.ts'), () => import('./pl-PL/publicNav.ts')),
  contentLocale('fi-FI', () => import('./fi-FI/base.ts'), () => import('./fi-FI/publicNav.ts')),
  contentLocale('it-IT', () => import('./it-IT/base.ts'), () => import('./it-IT/publicNav.ts')),
  // The bare en: corporate site and country selector.
  contentLocale('en', () => import('./en/base.ts'), () => import('./en/publicNav.ts')),
];

/** findContentLocale finds a locale, case-insensitively ("en-gb" finds en-GB). */
export function findContentLocale(locale: string): ContentLocale | undefined {
  const want = locale.toLowerCase();
  return contentLocales.find((c) => c.locale.toLowerCase() === want);
}
