// The countdown's texts (spec 8), one file per language under src/content/<locale>/session.ts.
// They live in the countdown's own chunk, which only logged-in customers load.
import { sessionTexts as deAT } from '../content/de-AT/session.ts';
import { sessionTexts as deCH } from '../content/de-CH/session.ts';
import { sessionTexts as deDE } from '../content/de-DE/session.ts';
import { sessionTexts as en } from '../content/en/session.ts';
import { sessionTexts as enGB } from '../content/en-GB/session.ts';
import { sessionTexts as enIE } from '../content/en-IE/session.ts';
import { sessionTexts as enUS } from '../content/en-US/session.ts';
import { sessionTexts as esES } from '../content/es-ES/session.ts';
import { sessionTexts as fiFI } from '../content/fi-FI/session.ts';
import { sessionTexts as frFR } from '../content/fr-FR/session.ts';
import { sessionTexts as itIT } from '../content/it-IT/session.ts';
import { sessionTexts as nlNL } from '../content/nl-NL/session.ts';
import { sessionTexts as plPL } from '../content/pl-PL/session.ts';
import type { SessionTexts } from '../model/session.ts';

export type { SessionTexts } from '../model/session.ts';

export const sessionTextsByLocale: Readonly<Record<string, SessionTexts>> = {
  'de-DE': deDE,
  'de-AT': deAT,
  'de-CH': deCH,
  'en-GB': enGB,
  'en-IE': enIE,
  'en-US': enUS,
  'fr-FR': frFR,
  'es-ES': esES,
  'nl-NL': nlNL,
  'pl-PL': plPL,
  'fi-FI': fiFI,
  'it-IT': itIT,
  en,
};

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
  const category = new Intl.PluralRules(locale).select(n);
  return (texts.extended[category] ?? texts.extended.other).replace('{n}', new Intl.NumberFormat(locale).format(n));
}
