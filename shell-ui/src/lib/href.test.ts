import { describe, expect, test } from 'vitest';
import { isExternalHref, resolveHref } from './href.ts';

describe('resolveHref', () => {
  test.each([
    { name: 'relative link gets the base path', href: '/guides/', base: '/en-gb', want: '/en-gb/guides/' },
    { name: 'relative link without slash', href: 'guides/', base: '/en-gb', want: '/en-gb/guides/' },
    { name: 'empty base path keeps the path', href: '/festgeld/', base: '', want: '/festgeld/' },
    { name: 'trailing slash of the base is not doubled', href: '/a/', base: '/en-gb/', want: '/en-gb/a/' },
    { name: 'https link kept', href: 'https://help.example/de/', base: '/en-gb', want: 'https://help.example/de/' },
    { name: 'http link kept', href: 'HTTP://x.example/', base: '/en-gb', want: 'HTTP://x.example/' },
    { name: 'www link kept, made absolute', href: 'www.example.com/x', base: '/en-gb', want: 'https://www.example.com/x' },
    { name: 'fragment-only link kept', href: '#consent-settings', base: '/en-gb', want: '#consent-settings' },
    { name: 'javascript link rejected', href: 'javascript:alert(1)', base: '', want: undefined },
    { name: 'JavaScript with spaces and case rejected', href: '  JavaScript:alert(1)', base: '', want: undefined },
    { name: 'data link rejected', href: 'data:text/html,x', base: '', want: undefined },
    { name: 'vbscript link rejected', href: 'vbscript:x', base: '', want: undefined },
    { name: 'empty href renders without a target', href: '', base: '', want: undefined },
    { name: 'no href', href: undefined, base: '', want: undefined },
  ])('$name', ({ href, base, want }) => {
    expect(resolveHref(href, base)).toBe(want);
  });
});

describe('isExternalHref', () => {
  test.each([
    { href: 'https://x.example/', want: true },
    { href: '//cdn.example/x', want: true },
    { href: '/en-gb/guides/', want: false },
    { href: '#consent-settings', want: false },
  ])('$href', ({ href, want }) => {
    expect(isExternalHref(href)).toBe(want);
  });
});
