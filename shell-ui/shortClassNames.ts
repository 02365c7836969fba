import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

// The shell's class names are readable in the source (shell-menu-entry__description) and short
// in what a page carries (_k): every page pays for them, header and footer hold about two hundred.
// Both builds (the client bundle and the prerender) apply the same map, so the fragments, the
// stylesheet and the hydrating components agree. Vitest runs the source and sees the readable names.
//
// The map is a pure function of the source: every class a stylesheet under src/ defines
// (".shell-…"), ordered by how often the components name it, then by name; the first 26 get
// _a to _z, the next _aa, _ab, … (lower case only: pages in quirks mode match classes
// case-insensitively). The client build writes it to dist/class-names.json for tests that look
// at built pages. A class name built at run time from parts (`shell-x--${kind}`) cannot be
// mapped: the build fails on one, so write whole names (a Record from kind to class).

const Classes = /(?<=\.)shell-[\w-]+(?![\w-])/g;
const Token = /(?<![\w-])shell-[\w-]+(?![\w-])/g;
const Built = /(?<![\w-])shell-[\w-]*(?:\$\{|['"`]\s*\+)/;

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path, ext);
    return ext.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

function shortName(i: number): string {
  const first = 'abcdefghijklmnopqrstuvwxyz';
  const rest = first + '0123456789';
  if (i < first.length) return `_${first[i]}`;
  const j = i - first.length;
  return `_${first[Math.floor(j / rest.length) % first.length]}${rest[j % rest.length]}`;
}

/** classNameMap reads src/ and gives each stylesheet class of the shell its short name. */
export function classNameMap(srcDir: string): Map<string, string> {
  const defined = new Set<string>();
  for (const f of files(srcDir, /\.css$/)) for (const m of readFileSync(f, 'utf8').match(Classes) ?? []) defined.add(m);
  const uses = new Map<string, number>([...defined].map((c) => [c, 0]));
  for (const f of files(srcDir, /\.tsx?$/)) {
    for (const m of readFileSync(f, 'utf8').match(Token) ?? []) if (uses.has(m)) uses.set(m, uses.get(m)! + 1);
  }
  const order = [...uses].sort(([a, na], [b, nb]) => nb - na || (a < b ? -1 : 1)).map(([c]) => c);
  if (order.length > 26 * 37) throw new Error('shortClassNames: more classes than two-letter names');
  return new Map(order.map((c, i) => [c, shortName(i)]));
}

/** shortClassNames is the Vite plugin that applies the map to src/'s stylesheets and code. */
export function shortClassNames(srcDir: string, { writeMap }: { writeMap: boolean }): Plugin {
  let map = new Map<string, string>();
  const inSrc = (id: string) => id.startsWith(srcDir) && !id.includes('/node_modules/');
  return {
    name: 'shell:short-class-names',
    enforce: 'pre',
    apply: 'build',
    buildStart() {
      map = classNameMap(srcDir);
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!inSrc(file)) return undefined;
      if (file.endsWith('.css')) return { code: code.replace(Classes, (c) => map.get(c) ?? c), map: null };
      if (!/\.tsx?$/.test(file)) return undefined;
      const built = Built.exec(code);
      if (built) this.error(`${file}: a class name built from parts (${JSON.stringify(built[0])}) cannot be shortened; write whole class names`);
      return { code: code.replace(Token, (c) => map.get(c) ?? c), map: null };
    },
    generateBundle() {
      if (writeMap) this.emitFile({ type: 'asset', fileName: 'class-names.json', source: `${JSON.stringify(Object.fromEntries(map), null, 1)}\n` });
    },
  };
}
