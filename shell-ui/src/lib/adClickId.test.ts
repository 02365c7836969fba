import { describe, expect, test } from 'vitest';
import { adClickIdOf, rememberAdClickId, rememberedAdClickId, withAdClickId } from './adClickId.ts';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('the dashboard deep link ad-click-id (spec 2.3)', () => {
  test.each([
    ['?gclid=EAIaIQobChMI_x-1', 'EAIaIQobChMI_x-1'],
    ['?msclkid=0a1b2c3d4e5f', '0a1b2c3d4e5f'],
    ['?utm_source=x&ad-click-id=abc', 'abc'],
    ['?ad-click-id=abc&gclid=zzz', 'abc'],
    ['', undefined],
  ])('reads the click id of %s', (search, want) => {
    expect(adClickIdOf(search)).toBe(want);
  });

  test.each([
    '?gclid=x%26return%3D%2F%2Fevil.example',
    '?gclid=%2F%2Fevil.example',
    '?gclid=a%23b',
    '?gclid=%22%3E%3Cscript%3E',
    '?gclid=a%0d%0ab',
    '?gclid=javascript:alert(1)',
    `?gclid=${'a'.repeat(201)}`,
  ])('a hostile click id %s never reaches the link', (search) => {
    expect(adClickIdOf(search)).toBeUndefined();
    const store = memoryStore();
    rememberAdClickId(search, store);
    expect(rememberedAdClickId(store)).toBeUndefined();
  });

  test('a tampered stored value is dropped on the way out', () => {
    const store = memoryStore();
    store.setItem('shell.adClickId', '//evil.example');
    expect(rememberedAdClickId(store)).toBeUndefined();
  });

  test('kept for the visit: a page without one keeps the landing click id', () => {
    const store = memoryStore();
    rememberAdClickId('?gclid=first', store);
    rememberAdClickId('?page=2', store);
    expect(rememberedAdClickId(store)).toBe('first');
  });

  test.each([
    ['/dashboard/', 'abc', '/dashboard/?ad-click-id=abc'],
    ['/en-gb/dashboard/?tab=1', 'abc', '/en-gb/dashboard/?tab=1&ad-click-id=abc'],
    ['/#/MyInvestments', 'abc', '/?ad-click-id=abc#/MyInvestments'],
    ['/dashboard/', undefined, '/dashboard/'],
  ])('%s with %s is %s', (href, id, want) => {
    expect(withAdClickId(href, id)).toBe(want);
  });
});
