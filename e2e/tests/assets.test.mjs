// The shell's own files load fast on every later page: the page names them,
// they are cached for good and come compressed in what the browser accepts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { useSuite } from '../lib/suite.mjs';

const suite = useSuite();

// Raw fetch without fetch()'s automatic decoding: node's http keeps the bytes.
async function rawGet(url, acceptEncoding) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
}

describe('shell assets', () => {
  for (const path of ['/', '/en-gb/']) {
    test(`assets named by ${path}`, async () => {
      const html = await (await fetch(suite.base + path)).text();
      // The shell's own files; the operator's scripts (data-shell="cdp", "consent-manager")
      // come from where the operator names, not from the gateway's route.
      const urls = [...html.matchAll(/<(?:link|script)\b[^>]*\bdata-shell\b[^>]*>/g)]
        .filter((m) => !/\bdata-shell="(?:cdp|consent-manager)"/.test(m[0]))
        .map((m) => m[0].match(/\b(?:href|src)="([^"]+)"/)?.[1])
        .filter(Boolean);
      assert.ok(urls.some((u) => u.endsWith('.js')), `a shell script in the head: ${urls}`);
      assert.ok(urls.some((u) => u.endsWith('.css')), `a shell stylesheet in the head: ${urls}`);
      for (const url of urls) {
        assert.match(url, /^\/_shell\/assets\//, 'served from the gateway’s own route');
        const plain = await rawGet(suite.base + url, 'identity');
        assert.equal(plain.status, 200, url);
        assert.match(plain.headers['cache-control'] ?? '', /immutable/, `${url} cached for good`);
        assert.equal(plain.headers['content-encoding'], undefined, `${url} uncompressed when asked`);
        const br = await rawGet(suite.base + url, 'br, gzip');
        assert.equal(br.headers['content-encoding'], 'br', `${url} in brotli when the browser takes it`);
        assert.ok(brotliDecompressSync(br.body).equals(plain.body), `${url} brotli decodes to the same file`);
        assert.ok(br.body.length < plain.body.length, `${url} brotli is smaller`);
        const gz = await rawGet(suite.base + url, 'gzip');
        assert.equal(gz.headers['content-encoding'], 'gzip', `${url} in gzip when only that is accepted`);
        assert.ok(gunzipSync(gz.body).equals(plain.body), `${url} gzip decodes to the same file`);
      }
    });
  }

  // The icons' images the stylesheet names (the footer's grid as PNGs, one per pixel ratio; the
  // sprite): served with their image type, so that the browser decodes them, and cached for good.
  test('images the stylesheet names', async () => {
    const html = await (await fetch(suite.base + '/')).text();
    const css = [...html.matchAll(/<link\b[^>]*\bdata-shell\b[^>]*>/g)].map((m) => m[0].match(/\bhref="([^"]+\.css)"/)?.[1]).find(Boolean);
    assert.ok(css, 'a shell stylesheet in the head');
    const text = await (await fetch(suite.base + css)).text();
    const images = [...new Set([...text.matchAll(/url\(([^)"']+)\)/g)].map((m) => m[1].split('#')[0]).filter((u) => /\.(png|svg)$/.test(u)))];
    assert.ok(images.filter((u) => u.endsWith('.png')).length >= 3, `the grid's PNGs at 1x, 2x and 3x: ${images}`);
    for (const url of images) {
      assert.match(url, /^\/_shell\/assets\//, 'served from the gateway’s own route');
      const res = await rawGet(suite.base + url, 'br, gzip');
      assert.equal(res.status, 200, url);
      assert.equal(res.headers['content-type'], url.endsWith('.png') ? 'image/png' : 'image/svg+xml', url);
      assert.match(res.headers['cache-control'] ?? '', /immutable/, `${url} cached for good`);
      const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.body) : res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
      if (url.endsWith('.png')) assert.ok(body.subarray(1, 4).equals(Buffer.from('PNG')), `${url} is a PNG`);
    }
  });
});
