// The sessions page's texts, one file per language under src/content/<locale>/sessions.ts,
// in the page's own chunk. A locale without its own file takes its language's, else English.
import type { SessionsTexts } from '../model/session.ts';

export type { SessionsTexts } from '../model/session.ts';

const isHome = (locale: string) => locale.split('-')[1]?.toLowerCase() === locale.split('-')[0];

// Every src/content/<locale>/sessions.ts, by locale: the page's chunk holds them all.
export const sessionsTextsByLocale: Readonly<Record<string, SessionsTexts>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ sessionsTexts: SessionsTexts }>('../content/*/sessions.ts', { eager: true })).map(([path, m]) => [path.split('/').at(-2)!, m.sessionsTexts] as const)
    // A language's home market (de-DE, fr-FR) first: the fallback for another market of it (de-LI).
    .sort(([a], [b]) => Number(isHome(b)) - Number(isHome(a)) || a.localeCompare(b)),
);

/** sessionsTextsFor picks a locale's texts: the locale, else its language, else English. */
export function sessionsTextsFor(locale: string): { locale: string; texts: SessionsTexts } {
  const want = locale.toLowerCase();
  const lang = want.split('-')[0];
  const keys = Object.keys(sessionsTextsByLocale);
  const found = keys.find((l) => l.toLowerCase() === want) ?? keys.find((l) => l.toLowerCase() === lang) ?? keys.find((l) => l.toLowerCase().startsWith(`${lang}-`)) ?? 'en';
  return { locale: found, texts: sessionsTextsByLocale[found]! };
}

/** endedText fills {n} in the plural form the locale uses for n. */
export function endedText(texts: SessionsTexts, locale: string, n: number): string {
  const category = new Intl.PluralRules(locale).select(n);
  return (texts.ended[category] ?? texts.ended.other).replace('{n}', new Intl.NumberFormat(locale).format(n));
}
