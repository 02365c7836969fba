// The awkward pages a content team really serves: opted out, no head/body
// tags, windows-1252 bytes, "</body>" inside a script, plain text, 1 MB.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { largePage } from '../generate-large-page.mjs';
import { fetchBytes, fetchSpliced } from '../lib/raw.mjs';
import { openContext, useSuite, waitForShellReady } from '../lib/suite.mjs';

const suite = useSuite();

async function shellPage(path, width = 'desktop') {
  const { context, problems } = await openContext(suite.browser, width);
  const tab = await context.newPage();
  const res = await tab.goto(suite.base + path);
  return { context, problems, tab, res };
}

const count = (haystack, needle) => haystack.split(needle).length - 1;

describe('fixtures', () => {
  test('opt-out page: no shell, bytes as the origin sent them', async () => {
    const path = '/_fixtures/opt-out/';
    const [sent, origin] = await Promise.all([fetchBytes(suite.base + path), fetchBytes(suite.origin + path)]);
    assert.equal(sent.res.status, 200);
    assert.ok(!sent.bytes.includes('data-shell'), 'no data-shell anywhere in the page');
    assert.ok(sent.bytes.equals(origin.bytes), 'page unchanged');

    const { context, tab } = await shellPage(path);
    try {
      assert.equal(await tab.locator('[data-shell]').count(), 0);
      assert.equal(await tab.locator('h1').innerText(), 'Zinstabelle zum Ausdrucken');
    } finally {
      await context.close();
    }
  });

  test('page without head and body tags still gets one header and one footer', async () => {
    const path = '/_fixtures/no-head-body/';
    const raw = await fetchSpliced(suite.base, suite.origin, path);
    assert.equal(raw.mounts('header').length, 1, 'one header mount');
    assert.equal(raw.mounts('footer').length, 1, 'one footer mount');

    const { context, problems, tab } = await shellPage(path);
    try {
      await waitForShellReady(tab);
      assert.equal(await tab.locator('[data-shell="header"] header').count(), 1);
      assert.equal(await tab.locator('[data-shell="footer"] footer').count(), 1);
      const order = await tab.evaluate(() => {
        const h = document.querySelector('[data-shell="header"]');
        const m = document.querySelector('main');
        const f = document.querySelector('[data-shell="footer"]');
        return [h.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING, m.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING];
      });
      assert.deepEqual(order.map(Boolean), [true, true], 'header, then content, then footer');
      assert.equal(await tab.locator('h1').innerText(), 'Einlagensicherung in Kürze');
      assert.ok((await tab.locator('link[data-shell][rel="stylesheet"]').count()) >= 1, 'shell stylesheet present');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('windows-1252 page keeps its umlauts and the shell reads right', async () => {
    const path = '/_fixtures/windows-1252/';
    const declared = (await fetch(suite.origin + path, { method: 'HEAD' })).headers.get('content-type');
    assert.doesNotMatch(declared, /utf-8/i, 'the origin serves this windows-1252 page as UTF-8, so no browser can show its umlauts: '
      + 'give it `header /_fixtures/windows-1252/* Content-Type "text/html; charset=windows-1252"` in the origin block of the Caddyfile');
    const raw = await fetchSpliced(suite.base, suite.origin, path);
    assert.ok(raw.sent.includes(Buffer.from('K\xfcndigungsgeld', 'latin1')), 'original windows-1252 bytes (0xFC) passed through');
    assert.equal(raw.mounts('header').length, 1);

    // What the same market's shell says on a UTF-8 page, to compare with.
    const reference = await shellPage('/kuendigungsgeld/');
    const { context, problems, tab } = await shellPage(path);
    try {
      await waitForShellReady(reference.tab);
      const expectedHeader = await reference.tab.locator('[data-shell="header"]').innerText();
      const expectedFooter = await reference.tab.locator('[data-shell="footer"]').innerText();
      await waitForShellReady(tab);
      assert.equal(await tab.locator('h1').innerText(), 'Kündigungsgeld für Bestandskunden');
      assert.match(await tab.locator('main p').first().innerText(), /^Ältere Verträge .* Über Änderungen/);
      assert.match(await tab.locator('main .note').innerText(), /Euro \(€\).*gemäß/);
      assert.equal(await tab.locator('[data-shell="header"]').innerText(), expectedHeader, 'header text as on a UTF-8 page (no mojibake)');
      assert.equal(await tab.locator('[data-shell="footer"]').innerText(), expectedFooter, 'footer text as on a UTF-8 page (no mojibake)');
      assert.deepEqual(problems, [], 'no hydration errors (React repairs mojibake on the client, so the text check alone would pass)');
    } finally {
      await context.close();
      await reference.context.close();
    }

    // Without JavaScript nothing can repair the text: the bytes must decode right.
    const plain = await openContext(suite.browser, 'desktop', { javaScriptEnabled: false });
    try {
      const [ref, tab] = [await plain.context.newPage(), await plain.context.newPage()];
      await ref.goto(suite.base + '/kuendigungsgeld/');
      await tab.goto(suite.base + path);
      for (const mount of ['header', 'footer']) {
        const text = await tab.locator(`[data-shell="${mount}"]`).innerText();
        assert.doesNotMatch(text, /Ã|\uFFFD/, `${mount} without JavaScript shows mojibake`);
        assert.equal(text, await ref.locator(`[data-shell="${mount}"]`).innerText(), `${mount} without JavaScript reads as on a UTF-8 page`);
      }
    } finally {
      await plain.context.close();
    }
  });

  test('"</body>" inside a script: script text kept, one header, one footer', async () => {
    const path = '/_fixtures/body-in-script/';
    const raw = await fetchSpliced(suite.base, suite.origin, path);
    const sent = raw.sent.toString('utf8');
    assert.equal(raw.mounts('header').length, 1, 'one header mount in the HTML');
    assert.equal(raw.mounts('footer').length, 1, 'one footer mount in the HTML');
    assert.equal(count(sent, 'data-shell="header"'), 1);
    assert.equal(count(sent, 'data-shell="footer"'), 1);
    assert.ok(sent.indexOf('data-shell="footer"') > sent.lastIndexOf('dataset.vorlage = "</body>"'), 'footer after the last script, not inside it');

    const { context, problems, tab } = await shellPage(path);
    try {
      await waitForShellReady(tab);
      assert.equal(await tab.evaluate(() => window.zinsrechnerVorlage), '<div class="ergebnis"></div></body></html>');
      assert.equal(await tab.locator('#ergebnis').getAttribute('data-vorlage'), '</body>');
      assert.equal(await tab.locator('[data-shell="header"]').count(), 1);
      assert.equal(await tab.locator('[data-shell="footer"]').count(), 1);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test('plain text file passes through untouched', async () => {
    const path = '/_fixtures/plain.txt';
    const [sent, origin] = await Promise.all([fetchBytes(suite.base + path), fetchBytes(suite.origin + path)]);
    assert.equal(sent.res.status, 200);
    assert.match(sent.res.headers.get('content-type'), /^text\/plain/);
    assert.ok(sent.bytes.equals(origin.bytes), 'text file unchanged');
    assert.ok(!sent.bytes.includes('data-shell'));
  });

  test('1 MB page arrives complete', async () => {
    const path = '/_fixtures/large/';
    const raw = await fetchSpliced(suite.base, suite.origin, path);
    const { rowCount } = largePage();
    assert.ok(raw.origin.length > 1_000_000, `origin serves the generated page (${raw.origin.length} bytes)`);
    // fetchSpliced already proved: every origin byte, in order, plus data-shell elements only.
    assert.equal(raw.mounts('header').length, 1);
    assert.equal(raw.mounts('footer').length, 1);
    for (const encoding of ['gzip', 'br', 'identity']) {
      const again = await fetchSpliced(suite.base, suite.origin, path, { headers: { 'accept-encoding': encoding } });
      assert.equal(again.inserted.length, raw.inserted.length, `same insertions with accept-encoding ${encoding}`);
    }

    const { context, problems, tab } = await shellPage(path);
    try {
      await waitForShellReady(tab, 20_000);
      assert.equal(await tab.locator('#archiv tbody tr').count(), rowCount);
      assert.equal(await tab.locator('#archiv-ende').innerText(), 'Ende des Archivs. Älter sind nur noch Urkunden im Tresor.');
      const footerAfterEnd = await tab.evaluate(() =>
        Boolean(document.getElementById('archiv-ende').compareDocumentPosition(document.querySelector('[data-shell="footer"]')) & Node.DOCUMENT_POSITION_FOLLOWING));
      assert.ok(footerAfterEnd, 'footer after the last paragraph');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
