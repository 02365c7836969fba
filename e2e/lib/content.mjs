// The links the shell's content modules (shell-ui/src/content/<locale>/)
// give a visitor, read from their source, so the raw-HTML test checks the
// fragments against what the content team wrote, not against themselves.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './gateway.mjs';

export const basePaths = { 'de-DE': '', 'en-GB': '/en-gb' };

// href values of a content file; for the header only its public variant.
export async function contentHrefs(market, part) {
  let source = await readFile(join(repoRoot, 'shell-ui', 'src', 'content', market, `${part}.ts`), 'utf8');
  if (part === 'header') {
    const lines = source.split('\n');
    const start = lines.findIndex((l) => /^\s{4}public: \{/.test(l));
    if (start < 0) throw new Error(`no public variant in shell-ui/src/content/${market}/header.ts: update e2e/lib/content.mjs to the new layout`);
    const end = lines.findIndex((l, i) => i > start && /^\s{4}[A-Za-z]+: \{/.test(l));
    source = lines.slice(start, end < 0 ? undefined : end).join('\n');
  }
  return [...source.matchAll(/\bhref: '([^']*)'/g)].map((m) => m[1]).filter((h) => h && !h.startsWith('#'));
}

// Where a content href points once rendered: site-relative links get the base path.
export function renderedHref(market, href) {
  if (/^(https?:\/\/|www\.|mailto:|tel:)/.test(href)) return href;
  return basePaths[market] + href;
}
