// The byte check the fixture tests rely on must itself catch what it is for:
// a changed, dropped or foreign byte in what the gateway sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findInsertions } from '../lib/insertions.mjs';

const origin = '<html><head><title>x</title></head>\n<body>\n<main>ä</main>\n</body></html>';
const spliced = '<html><head><title>x</title><link rel="stylesheet" data-shell href="/a.css"></head>\n<body>\n'
  + '<div data-shell="header"><header><div>a</div></header></div>'
  + '<script type="application/json" id="shell-state" data-shell="state">{"a":"</div>"}</script>\n'
  + '<main>ä</main>\n<div data-shell="footer"><footer>f</footer></div>\n</body></html>';

test('finds each inserted data-shell element', () => {
  const { inserted } = findInsertions(Buffer.from(spliced), Buffer.from(origin));
  assert.deepEqual(inserted.map((x) => x.startTag.match(/data-shell(="\w+")?/)[0]),
    ['data-shell', 'data-shell="header"', 'data-shell="state"', 'data-shell="footer"']);
});

test('the origin alone has no insertions', () => {
  assert.deepEqual(findInsertions(Buffer.from(origin), Buffer.from(origin)).inserted, []);
});

const broken = [
  ['a changed byte', spliced.replace('ä', 'a')],
  ['a truncated page', spliced.slice(0, -8)],
  ['an element without data-shell', spliced.replace('<main>', '<p>x</p><main>')],
  ['reordered origin bytes', spliced.replace('<html><head>', '<head><html>')],
  ['a dropped origin tag', spliced.replace('</body>', '')],
  ['an unclosed mount', spliced.replace('</footer></div>', '</footer>')],
];
for (const [name, sent] of broken) {
  test(`rejects ${name}`, () => {
    assert.throws(() => findInsertions(Buffer.from(sent), Buffer.from(origin)), /gateway/);
  });
}
