// Writes the ~1 MB fixture page testdata/site/_fixtures/large/index.html.
// The page is generated instead of committed; it is git-ignored and rewritten
// at the start of every browser-test run so it always matches this script.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const largePagePath = join(here, '..', 'testdata', 'site', '_fixtures', 'large', 'index.html');

const targetBytes = 1024 * 1024;

// Rows mix ASCII with multi-byte UTF-8 (ä, €, –) so that chunk boundaries in a
// streaming splicer fall inside characters somewhere in the page.
function row(i) {
  const months = 3 + (i % 117);
  const rate = (1.5 + ((i * 37) % 200) / 100).toFixed(2).replace('.', ',');
  return `<tr><td>Angebot ${i}</td><td>${months} Monate – Partnerbank Nr. ${i % 151}</td>` +
    `<td class="rate">${rate}&nbsp;%</td><td>ab ${(i % 9 + 1) * 1000}&nbsp;€, Zinsgutschrift jährlich, Einlagensicherung bis 100.000&nbsp;€</td></tr>\n`;
}

export function largePage() {
  const head = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Alle Festgeld-Angebote im Archiv | Sparplattform</title>
<meta name="description" content="Archiv aller Festgeld-Angebote: eine sehr lange Seite zum Test der Übertragung.">
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<main class="content">
<h1>Archiv aller Festgeld-Angebote</h1>
<p class="lead">Diese Seite listet sämtliche Angebote der vergangenen Jahre. Sie ist absichtlich groß.</p>
<table class="rates" id="archiv">
<caption>Festgeld-Archiv</caption>
<thead><tr><th scope="col">Angebot</th><th scope="col">Laufzeit</th><th scope="col">Zinssatz p.&nbsp;a.</th><th scope="col">Bedingungen</th></tr></thead>
<tbody>
`;
  const tail = `</tbody>
</table>
<p id="archiv-ende">Ende des Archivs. Älter sind nur noch Urkunden im Tresor.</p>
</main>
</body>
</html>
`;
  const rows = [];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 1; size < targetBytes; i++) {
    const r = row(i);
    rows.push(r);
    size += Buffer.byteLength(r);
  }
  return { html: head + rows.join('') + tail, rowCount: rows.length };
}

export async function writeLargePage() {
  const { html, rowCount } = largePage();
  await mkdir(dirname(largePagePath), { recursive: true });
  await writeFile(largePagePath, html);
  return { path: largePagePath, bytes: Buffer.byteLength(html), rowCount };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { path, bytes, rowCount } = await writeLargePage();
  console.log(`wrote ${path}: ${bytes} bytes, ${rowCount} rows`);
}
