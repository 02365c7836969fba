// How the countdown writes the time left: "1:59" on screen, "1 minute, 59 seconds" for a
// screen reader, in the page's language (its words in the session texts, the plural category
// from Intl.PluralRules, the figures as digits: see countText).
import type { SessionTexts } from '../model/session.ts';

/** clockText is m:ss, e.g. 119 → "1:59". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// One PluralRules a locale: cheap to make (~2 ms at 4x), but the countdown asks every second.
const pluralRules = new Map<string, Intl.PluralRules>();

/**
 * countText fills {n} of the form of a text for n's plural category in the locale. A whole
 * number under 1000 is written as digits without Intl.NumberFormat: every language of the shell
 * writes it so, and that formatter's first use on a page is a task of 60-90 ms on a slow phone
 * (bench/HISTORY.md, 2026-11-27 "task", session 14).
 */
export function countText(forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }, n: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  const figure = Number.isInteger(n) && n >= 0 && n < 1000 ? String(n) : new Intl.NumberFormat(locale).format(n);
  return (forms[rules.select(n)] ?? forms.other).replace('{n}', figure);
}

/** spokenText is the time in words, e.g. 119 → "1 minute, 59 seconds" (en), "1 Minute, 59 Sekunden" (de). */
export function spokenText(seconds: number, texts: SessionTexts, locale: string): string {
  const s = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  if (minutes === 0) return countText(texts.seconds, rest, locale);
  if (rest === 0) return countText(texts.minutes, minutes, locale);
  return texts.minutesAndSeconds.replace('{minutes}', countText(texts.minutes, minutes, locale)).replace('{seconds}', countText(texts.seconds, rest, locale));
}
