// No import circle in src/ (issue 16): content depends on the model only, features on content
// and the model, never back. Every import counts, type-only and dynamic ones included, and
// import.meta.glob patterns as the files they match: a circle through any of them still ties
// the modules into one knot a reader has to take in at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testdata' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// globFiles expands the one-star patterns the code uses ("./*/private.ts").
function globFiles(from: string, pattern: string): string[] {
  const parts = resolve(dirname(from), pattern).split('/');
  const star = parts.findIndex((p) => p.includes('*'));
  if (star < 0) return [parts.join('/')];
  const base = parts.slice(0, star).join('/');
  const re = new RegExp(`^${parts[star]!.replace(/[.]/g, '\\.').replace('*', '[^/]*')}$`);
  return readdirSync(base)
    .filter((n) => re.test(n))
    .flatMap((n) => globFiles(join(base, n, 'x'), `./${parts.slice(star + 1).join('/')}`));
}

/** importsOf lists the files of src/ that file imports. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]+)['"]/g)].map((m) => resolve(dirname(file), m[1]!));
  // A glob's { base } is where its pattern starts.
  const globs = [...text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*['"]([^'"]+)['"](?:\s*,\s*\{[^}]*\bbase:\s*['"]([^'"]+)['"])?/g)].flatMap((m) =>
    globFiles(resolve(dirname(file), m[2] ?? '.', 'x'), m[1]!),
  );
  return [...specs, ...globs].filter((f) => f.startsWith(src) && !/\.test\.tsx?$/.test(f));
}

/** circles finds the import circles among files, each as the files on it in order. */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      found.push(path.slice(path.indexOf(f)));
      return;
    }
    state.set(f, 'open');
    path.push(f);
    for (const g of graph.get(f) ?? []) visit(g);
    path.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) visit(f);
  return found;
}

// Known circles, each with why it is left; none today.
const Known: string[] = [];

describe('imports', () => {
  test('circles() finds a circle and its files', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(g)).toEqual([['a', 'b', 'c']]);
    expect(circles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  test('no import circle in src/', () => {
    // The glob of the private menus is followed (with its base): the header reaches every market's file.
    expect(importsOf(resolve(src, 'header/private/privateContentLocales.ts'))).toContain(resolve(src, 'content/en-IE/private.ts'));
    const graph = new Map(sourceFiles(src).map((f) => [f, importsOf(f)]));
    const found = circles(graph).map((c) => c.map((f) => relative(src, f)).join(' → '));
    expect(found.filter((c) => !Known.includes(c))).toEqual([]);
  });

  test('each known circle is still there (else drop it from Known)', () => {
    const graph = new Map(sourceFiles(src).map((f) => [f, importsOf(f)]));
    const found = circles(graph).map((c) => c.map((f) => relative(src, f)).join(' → '));
    for (const c of Known) expect(found).toContain(c);
  });
});
