import { describe, expect, test } from 'vitest';
import { contentLocales } from '../content/index.ts';
import { headerData, headerVariantsOf } from '../header/headerVariants.ts';
import { privateContentLocales } from '../header/private/privateContentLocales.ts';
import { needsPublicNav } from './publicNav.ts';

const contents = await Promise.all(contentLocales.map((l) => l.load()));

describe('needsPublicNav', () => {
  test.each([
    ['public', 'de-DE', true],
    ['partner', 'de-DE', true],
    ['registration-dkb_retail', 'de-DE', true],
    ['bank-navigation', 'nl-NL', true],
    ['corporate', 'en', true],
    // A customer's headers: the private one has its own menus, the loading one none.
    ['private', 'de-DE', false],
    ['private', 'en-GB', false],
    ['loading', 'de-DE', false],
    ['loading', 'en', false],
    // No private header in the bare en: the edge and the client show the public one.
    ['private', 'en', true],
  ])('%s header in %s: %s', (variant, locale, want) => {
    expect(needsPublicNav({ headerVariant: variant }, locale)).toBe(want);
  });

  // The rule must never leave out menus a header shows: every header the client renders from
  // the locale's content without them (not the private header, which has its own) has none.
  const customerHeaders = contents.flatMap((c) =>
    [...headerVariantsOf(c), 'private', 'integrated']
      .filter((v) => !needsPublicNav({ headerVariant: v }, c.locale) && !(v === 'private' && privateContentLocales[c.locale]))
      .map((v) => [c.locale, v, c] as const),
  );
  test.each(customerHeaders)('%s %s: the header shows no public menus', (_, variant, content) => {
    const shown = headerData(content, variant);
    expect(shown.navItems).toEqual([]);
    expect(shown.actionItems).toEqual([]);
  });
  test('every locale has a loading header, which needs no public menus', () => {
    expect(customerHeaders.filter(([, v]) => v === 'loading')).toHaveLength(contents.length);
  });
});
