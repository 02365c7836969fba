import { describe, expect, test, vi } from 'vitest';
import { clockText, spokenText } from './countdownTime.ts';
import { extendedText, logoutInText, sessionTextsByLocale, textsFor } from './sessionTexts.ts';

describe('session texts', () => {
  test('every market of the shell has its texts, each with its slots', () => {
    expect(Object.keys(sessionTextsByLocale).sort()).toEqual(['de-AT', 'de-CH', 'de-DE', 'en', 'en-GB', 'en-IE', 'en-US', 'es-ES', 'fi-FI', 'fr-FR', 'it-IT', 'nl-NL', 'pl-PL'].sort());
    for (const [locale, t] of Object.entries(sessionTextsByLocale)) {
      expect(t.logoutIn, locale).toContain('{time}');
      for (const form of Object.values(t.extended)) expect(form, locale).toContain('{n}');
      expect(t.extend.length, locale).toBeGreaterThan(0);
      for (const form of [...Object.values(t.minutes), ...Object.values(t.seconds)]) expect(form, locale).toContain('{n}');
      expect(t.minutesAndSeconds, locale).toMatch(/^\{minutes\}.+\{seconds\}$/);
    }
  });

  test('a language’s home market first, then by code: the fallback for its other markets', () => {
    expect(Object.keys(sessionTextsByLocale)).toEqual(['de-DE', 'es-ES', 'fi-FI', 'fr-FR', 'it-IT', 'nl-NL', 'pl-PL', 'de-AT', 'de-CH', 'en', 'en-GB', 'en-IE', 'en-US']);
    expect(textsFor('de-LI').locale).toBe('de-DE');
  });

  test('nine languages, each its own words', () => {
    const languages = new Set(Object.values(sessionTextsByLocale).map((t) => t.logoutIn));
    // German and Swiss German say the same sentence; every other language its own.
    expect(languages.size).toBe(8);
    expect(new Set(Object.values(sessionTextsByLocale).map((t) => t.extended.other)).size).toBe(8);
  });

  test('Swiss German writes ss, never ß', () => {
    expect(JSON.stringify(sessionTextsByLocale['de-CH'])).not.toContain('ß');
  });

  test.each([
    ['en-GB', 1, 'Your session was successfully extended by 1 minute'],
    ['en-GB', 5, 'Your session was successfully extended by 5 minutes'],
    ['de-DE', 5, 'Ihre Sitzung wurde erfolgreich um 5 Minuten verlängert'],
    ['pl-PL', 1, 'Twoja sesja została pomyślnie przedłużona o 1 minutę'],
    ['pl-PL', 3, 'Twoja sesja została pomyślnie przedłużona o 3 minuty'],
    ['pl-PL', 5, 'Twoja sesja została pomyślnie przedłużona o 5 minut'],
    ['fr-FR', 15, 'Votre session a bien été prolongée de 15 minutes'],
    ['it-IT', 1, 'La tua sessione è stata prolungata correttamente di 1 minuto'],
  ])('%s, %i minutes: %s', (locale, n, want) => {
    const { locale: l, texts } = textsFor(locale);
    expect(extendedText(texts, l, n)).toBe(want);
  });

  test.each([
    ['en-gb', 'en-GB'],
    ['de-LU', 'de-DE'],
    ['es-MX', 'es-ES'],
    ['pt-PT', 'en'],
  ])('%s finds the texts of %s', (asked, found) => {
    expect(textsFor(asked).locale).toBe(found);
  });

  test.each([
    [120, '2:00', 'You will be logged out in 2 minutes.'],
    [61, '1:01', 'You will be logged out in 1 minute, 1 second.'],
    [9, '0:09', 'You will be logged out in 9 seconds.'],
    [0, '0:00', 'You will be logged out in 0 seconds.'],
  ])('%i s: shown as %s, read as “%s”', (s, shown, spoken) => {
    expect(clockText(s)).toBe(shown);
    expect(logoutInText(textsFor('en').texts, spokenText(s, textsFor('en').texts, 'en'))).toBe(spoken);
  });

  // What Intl's units and lists said (the countdown's texts before they had words of their own).
  const intlSpoken = (seconds: number, locale: string) => {
    const unit = (value: number, u: 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'long' }).format(value);
    const [minutes, rest] = [Math.floor(seconds / 60), seconds % 60];
    const parts = [...(minutes > 0 ? [unit(minutes, 'minute')] : []), ...(rest > 0 || minutes === 0 ? [unit(rest, 'second')] : [])];
    // ICU puts a no-break space in some of them (French seconds, not minutes): a screen reader
    // says either alike, and the texts write plain spaces.
    return new Intl.ListFormat(locale, { style: 'long', type: 'unit' }).format(parts).replace(/[\u00a0\u202f]/g, ' ');
  };

  test.each(Object.keys(sessionTextsByLocale))('%s: the time in words as Intl’s units say it, 0 s to 10 minutes', (locale) => {
    const { texts } = textsFor(locale);
    for (let s = 0; s <= 600; s += 1) expect(spokenText(s, texts, locale), `${s} s`).toBe(intlSpoken(s, locale));
  });

  test.each(Object.keys(sessionTextsByLocale))('%s: the minutes of an extension as Intl writes the figure, 0 to 1500', (locale) => {
    const { texts } = textsFor(locale);
    for (let n = 0; n <= 1500; n += 1) {
      const want = (texts.extended[new Intl.PluralRules(locale).select(n)] ?? texts.extended.other).replace('{n}', new Intl.NumberFormat(locale).format(n));
      expect(extendedText(texts, locale, n), `${n}`).toBe(want);
    }
  });

  test('the countdown speaks and confirms without Intl’s number and list formatters: their first use froze a slow phone for 60-170 ms as it appeared', () => {
    const numbers = vi.spyOn(Intl, 'NumberFormat');
    const lists = vi.spyOn(Intl, 'ListFormat');
    try {
      for (const locale of Object.keys(sessionTextsByLocale)) {
        const { texts } = textsFor(locale);
        for (const s of [179, 120, 61, 60, 30, 10, 1, 0]) spokenText(s, texts, locale);
        extendedText(texts, locale, 15);
      }
      expect(numbers).not.toHaveBeenCalled();
      expect(lists).not.toHaveBeenCalled();
    } finally {
      numbers.mockRestore();
      lists.mockRestore();
    }
  });
});
