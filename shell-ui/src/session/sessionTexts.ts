// The countdown's texts (spec 8), one file per language under src/content/<locale>/session.ts.
// They live in the countdown's own chunk, which only logged-in customers load.
import type { SessionTexts } from '../model/session.ts';
import { countText } from './countdownTime.ts';

export type { SessionTexts } from '../model/session.ts';

const isHome = (locale: string) => locale.split('-')[1]?.toLowerCase() === locale.split('-')[0];

// Every src/content/<locale>/session.ts, by locale: the countdown's chunk holds them all.
export const sessionTextsByLocale: Readonly<Record<string, SessionTexts>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ sessionTexts: SessionTexts }>('../content/*/session.ts', { eager: true })).map(([path, m]) => [path.split('/').at(-2)!, m.sessionTexts] as const)
    // A language's home market (de-DE, fr-FR) first: the fallback for another market of it (de-LI).
    // Codes compared as strings, not with localeCompare: its first call sets up the browser's
    // collator, a task of 50-80 ms on a slow phone when the countdown's view came
    // (bench/HISTORY.md, 2026-11-27 "task", session 14).
    .sort(([a], [b]) => Number(isHome(b)) - Number(isHome(a)) || (a < b ? -1 : a > b ? 1 : 0)),
);

/** textsFor picks a locale's texts: the locale, else its language, else English. */
export function textsFor(locale: string): { locale: string; texts: SessionTexts } {
  const want = locale.toLowerCase();
  const exact = Object.keys(sessionTextsByLocale).find((l) => l.toLowerCase() === want);
  const language = Object.keys(sessionTextsByLocale).find((l) => l.toLowerCase() === want.split('-')[0]) ?? Object.keys(sessionTextsByLocale).find((l) => l.toLowerCase().startsWith(`${want.split('-')[0]}-`));
  const found = exact ?? language ?? 'en';
  return { locale: found, texts: sessionTextsByLocale[found]! };
}

/** logoutInText fills {time}. */
export function logoutInText(texts: SessionTexts, time: string): string {
  return texts.logoutIn.replace('{time}', time);
}

/** extendedText fills {n} in the plural form the locale uses for n. */
export function extendedText(texts: SessionTexts, locale: string, n: number): string {
  return countText(texts.extended, n, locale);
}
