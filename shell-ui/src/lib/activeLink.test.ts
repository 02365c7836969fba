import { describe, expect, test } from 'vitest';
import { isActiveHref } from './activeLink.ts';

describe('isActiveHref', () => {
  test.each([
    { name: 'same path', href: '/festgeld/', at: { path: '/festgeld/' }, want: true },
    { name: 'path differs in case', href: '/Festgeld/', at: { path: '/FESTGELD/' }, want: true },
    { name: 'other path', href: '/tagesgeld/', at: { path: '/festgeld/' }, want: false },
    { name: 'query ignored', href: '/login/?product=1', at: { path: '/login/' }, want: true },
    { name: 'hash ignored while it does not count', href: '/#/MyInvestments/TermDeposit', at: { path: '/' }, want: true },
    { name: 'hash counts after hydration: no hash matches no hash', href: '/festgeld/', at: { path: '/festgeld/', hash: '' }, want: true },
    { name: 'hash counts after hydration: link hash must match', href: '/#/MyInvestments/Notice', at: { path: '/', hash: '#/myinvestments/notice' }, want: true },
    { name: 'hash counts after hydration: page hash not on link', href: '/', at: { path: '/', hash: '#/MyInvestments/Notice' }, want: false },
    { name: 'external link never active', href: 'https://x.example/festgeld/', at: { path: '/festgeld/' }, want: false },
    { name: 'protocol-relative link never active', href: '//x.example/festgeld/', at: { path: '/festgeld/' }, want: false },
    { name: 'fragment-only link never active', href: '#consent-settings', at: { path: '/' }, want: false },
    { name: 'no location (prerender)', href: '/festgeld/', at: null, want: false },
    { name: 'no href', href: undefined, at: { path: '/' }, want: false },
    { name: "the locale's home at its base path without the slash", href: '/en-gb/', at: { path: '/EN-GB', basePath: '/en-gb' }, want: true },
    { name: 'only the home: another link at its path without the slash', href: '/en-gb/savings/', at: { path: '/en-gb/savings', basePath: '/en-gb' }, want: false },
    { name: 'no base path: no home rule', href: '/', at: { path: '', basePath: '' }, want: false },
  ])('$name', ({ href, at, want }) => {
    expect(isActiveHref(href, at)).toBe(want);
  });
});
