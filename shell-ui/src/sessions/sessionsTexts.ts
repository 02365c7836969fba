// The sessions page's texts, one file per language under src/content/<locale>/sessions.ts,
// in the page's own chunk. A locale without its own file takes its language's, else English.
import { sessionsTexts as deDE } from '../content/de-DE/sessions.ts';
import { sessionsTexts as en } from '../content/en/sessions.ts';
import type { SessionsTexts } from '../model/session.ts';

export type { SessionsTexts } from '../model/session.ts';

export const sessionsTextsByLocale: Readonly<Record<string, SessionsTexts>> = { 'de-DE': deDE, en };

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
