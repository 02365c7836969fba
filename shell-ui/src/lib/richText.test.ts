import { describe, expect, test } from 'vitest';
import { parseRichText } from './richText.ts';

describe('parseRichText keeps the allowlist of spec 2.8 only', () => {
  test.each([
    { name: 'plain text', html: 'Hello &amp; welcome', want: ['Hello & welcome'] },
    { name: 'allowed inline tags', html: '<p><strong>a</strong><em>b</em><u>c</u><del>d</del><sup>e</sup><sub>f</sub><span>g</span></p>', want: [{ tag: 'p', children: [{ tag: 'strong', children: ['a'] }, { tag: 'em', children: ['b'] }, { tag: 'u', children: ['c'] }, { tag: 'del', children: ['d'] }, { tag: 'sup', children: ['e'] }, { tag: 'sub', children: ['f'] }, { tag: 'span', children: ['g'] }] }] },
    { name: 'headings and lists', html: '<h3>T</h3><ul><li>x</li></ul>', want: [{ tag: 'h3', children: ['T'] }, { tag: 'ul', children: [{ tag: 'li', children: ['x'] }] }] },
    { name: 'disallowed tags are unwrapped', html: '<div><b>bold</b> <i>it</i><table><tr><td>cell</td></tr></table></div>', want: ['bold itcell'] },
    { name: 'script and style are dropped with their content', html: 'a<script>alert(1)</script>b<style>p{}</style>c', want: ['abc'] },
    { name: 'event handlers and other attributes go', html: '<p onclick="x()" class="c" id="i">t</p>', want: [{ tag: 'p', children: ['t'] }] },
    { name: 'paragraph alignment from the inline style', html: '<p style="color: red; text-align: center">t</p>', want: [{ tag: 'p', align: 'center', children: ['t'] }] },
    { name: 'no alignment from another property', html: '<p style="x-text-align: right">t</p>', want: [{ tag: 'p', children: ['t'] }] },
    { name: 'span keeps no style', html: '<span style="text-align: right">t</span>', want: [{ tag: 'span', children: ['t'] }] },
    { name: 'relative links get the base path', html: '<a href="/privacy/">p</a>', want: [{ tag: 'a', href: '/en-gb/privacy/', children: ['p'] }] },
    { name: 'external links are kept', html: "<a href='https://bank.example/'>b</a>", want: [{ tag: 'a', href: 'https://bank.example/', children: ['b'] }] },
    { name: 'javascript: links lose their target', html: '<a href="javascript:alert(1)">x</a>', want: [{ tag: 'a', children: ['x'] }] },
    { name: 'entity-encoded javascript: too', html: '<a href="&#106;avascript:alert(1)">x</a>', want: [{ tag: 'a', children: ['x'] }] },
    { name: 'data: links lose their target', html: '<a href="data:text/html,x">x</a>', want: [{ tag: 'a', children: ['x'] }] },
    { name: 'comments vanish', html: 'a<!-- <p>no</p> -->b', want: ['ab'] },
    { name: 'unclosed tags close at the end', html: '<p><strong>t', want: [{ tag: 'p', children: [{ tag: 'strong', children: ['t'] }] }] },
    { name: 'a stray closing tag is ignored', html: 't</p>u', want: ['tu'] },
    { name: 'an image is dropped', html: 'a<img src=x onerror=alert(1)>b', want: ['ab'] },
  ])('$name', ({ html, want }) => {
    expect(parseRichText(html, '/en-gb')).toEqual(want);
  });
});
