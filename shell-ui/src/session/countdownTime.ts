// How the countdown writes the time left: "1:59" on screen, "1 minute, 59 seconds" for a
// screen reader, in the page's language (Intl, so no extra texts per market).

/** clockText is m:ss, e.g. 119 → "1:59". */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** spokenText is the time in words, e.g. 119 → "1 minute, 59 seconds" (en), "1 Minute, 59 Sekunden" (de). */
export function spokenText(seconds: number, locale: string): string {
  const s = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  const unit = (value: number, u: 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'long' }).format(value);
  const parts = [...(minutes > 0 ? [unit(minutes, 'minute')] : []), ...(rest > 0 || minutes === 0 ? [unit(rest, 'second')] : [])];
  return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts);
}
