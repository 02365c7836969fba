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

/** DefaultLocale is the platform's default locale (spec section 1), listed first. */
export const DefaultLocale = 'de-DE';

// The locales are the folders of src/content/ with a base.ts: a market is added by adding its
// folder, and the client, the prerender and the tests all find it here. Each file stays a
// dynamic import, so each locale's base and its public menus are chunks of their own.
const bases = import.meta.glob<{ base: LocaleContent }>('./*/base.ts');
const navs = import.meta.glob<{ publicNav: PublicNav }>('./*/publicNav.ts');

/** localeOfPath gives the locale folder of a content file ("./en-GB/base.ts" → "en-GB"). */
export const localeOfPath = (path: string): string => path.split('/')[1]!;

function contentLocale(locale: string): ContentLocale {
  const base = bases[`./${locale}/base.ts`]!;
  // Every locale has its public menus: the build fails on a locale without their chunk.
  const nav = navs[`./${locale}/publicNav.ts`]!;
  return {
    locale,
    load: async ({ publicNav = true } = {}) => {
      const [b, n] = await Promise.all([base(), publicNav ? nav() : undefined]);
      return n ? withPublicNav(b.base, n.publicNav) : b.base;
    },
  };
}

/** contentLocales lists the locales the build renders fragments for, default first. */
export const contentLocales: readonly ContentLocale[] = Object.keys(bases)
  .map(localeOfPath)
  .sort((a, b) => Number(b === DefaultLocale) - Number(a === DefaultLocale) || (a < b ? -1 : a > b ? 1 : 0)) // not localeCompare: shell/noCollatorAtLoad.test.ts
  .map(contentLocale);

/** findContentLocale finds a locale, case-insensitively ("en-gb" finds en-GB). */
export function findContentLocale(locale: string): ContentLocale | undefined {
  const want = locale.toLowerCase();
  return contentLocales.find((c) => c.locale.toLowerCase() === want);
}
