import type { LocaleContent } from '../model/content.ts';

export type { LocaleContent } from '../model/content.ts';

/** ContentLocale is a locale with shell content, and how to load it. */
export interface ContentLocale {
  locale: string;
  /**
   * load brings the locale's content. Each locale is its own chunk in the client build, so a
   * page downloads its own market's menus only, however many markets there are.
   */
  load: () => Promise<LocaleContent>;
}

/** contentLocales lists the locales the build renders fragments for, default first. */
export const contentLocales: readonly ContentLocale[] = [
  { locale: 'de-DE', load: () => import('./de-DE/index.ts').then((m) => m.content) },
  { locale: 'de-AT', load: () => import('./de-AT/index.ts').then((m) => m.content) },
  { locale: 'de-CH', load: () => import('./de-CH/index.ts').then((m) => m.content) },
  { locale: 'en-GB', load: () => import('./en-GB/index.ts').then((m) => m.content) },
  { locale: 'en-IE', load: () => import('./en-IE/index.ts').then((m) => m.content) },
  { locale: 'en-US', load: () => import('./en-US/index.ts').then((m) => m.content) },
  { locale: 'fr-FR', load: () => import('./fr-FR/index.ts').then((m) => m.content) },
  { locale: 'es-ES', load: () => import('./es-ES/index.ts').then((m) => m.content) },
  { locale: 'nl-NL', load: () => import('./nl-NL/index.ts').then((m) => m.content) },
  { locale: 'pl-PL', load: () => import('./pl-PL/index.ts').then((m) => m.content) },
  { locale: 'fi-FI', load: () => import('./fi-FI/index.ts').then((m) => m.content) },
  { locale: 'it-IT', load: () => import('./it-IT/index.ts').then((m) => m.content) },
  // The bare en: corporate site and country selector.
  { locale: 'en', load: () => import('./en/index.ts').then((m) => m.content) },
];

/** findContentLocale finds a locale, case-insensitively ("en-gb" finds en-GB). */
export function findContentLocale(locale: string): ContentLocale | undefined {
  const want = locale.toLowerCase();
  return contentLocales.find((c) => c.locale.toLowerCase() === want);
}
