// The links the shell's content modules (shell-ui/src/content/<locale>/)
// give a visitor, read from their source, so the raw-HTML test checks the
// fragments against what the content team wrote, not against themselves.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './gateway.mjs';

export const basePaths = { 'de-DE': '', 'en-GB': '/en-gb' };

// Top-level sections of a content module ("  name: ...") by name.
function sections(source, names) {
  const lines = source.split('\n');
  const starts = lines.flatMap((l, i) => (/^ {2}[A-Za-z]+:/.test(l) ? [i] : []));
  return starts
    .filter((i) => names.includes(lines[i].trim().split(':')[0]))
    .map((i) => lines.slice(i, starts.find((j) => j > i) ?? lines.length).join('\n'))
    .join('\n');
}

// href values a visitor always gets: the header's public variant, the
// footer's link groups and legal links. Blocks behind flags (review rating,
// app banner, partner credits) are left out: the edge decides those.
export async function contentHrefs(market, part) {
  const file = join(repoRoot, 'shell-ui', 'src', 'content', market, `${part}.ts`);
  let source = await readFile(file, 'utf8');
  if (part === 'header') {
    const lines = source.split('\n');
    const start = lines.findIndex((l) => /^\s{4}public: \{/.test(l));
    if (start < 0) throw new Error(`no public variant in ${file}: update e2e/lib/content.mjs to the new layout`);
    const end = lines.findIndex((l, i) => i > start && /^\s{4}[A-Za-z]+: \{/.test(l));
    source = lines.slice(start, end < 0 ? undefined : end).join('\n');
  } else {
    source = sections(source, ['footerLinks', 'legalLinks']);
    if (!source) throw new Error(`no footerLinks or legalLinks in ${file}: update e2e/lib/content.mjs to the new layout`);
  }
  return [...source.matchAll(/\bhref: '([^']*)'/g)].map((m) => m[1]).filter((h) => h && !h.startsWith('#'));
}

// Where a content href points once rendered: site-relative links get the base path.
export function renderedHref(market, href) {
  if (/^(https?:\/\/|www\.|mailto:|tel:)/.test(href)) return href;
  return basePaths[market] + href;
}
