import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { classNameMap, shortClassNames } from '../shortClassNames.ts';

const src = `${resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src')}/`;

function cssClasses(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssClasses(join(dir, e.name)) : e.name.endsWith('.css') ? (readFileSync(join(dir, e.name), 'utf8').match(/(?<=\.)shell-[\w-]+/g) ?? []) : [],
  );
}

type Transform = (this: { error: (m: string) => never }, code: string, id: string) => { code: string } | undefined;

function transformWith(map: Map<string, string>) {
  const plugin = shortClassNames(src, { writeMap: false });
  (plugin.buildStart as () => void).call({});
  const transform = plugin.transform as unknown as Transform;
  const ctx = {
    error: (m: string): never => {
      throw new Error(m);
    },
  };
  return { map, run: (code: string, file: string) => transform.call(ctx, code, join(src, file))?.code };
}

describe('short class names', () => {
  const map = classNameMap(src);

  test('every class a stylesheet defines gets its own short name, the same on every build', () => {
    const defined = new Set(cssClasses(src));
    expect(new Set(map.keys())).toEqual(defined);
    const names = [...map.values()];
    for (const n of names) expect(n).toMatch(/^_[a-z][a-z0-9]?$/);
    expect(new Set(names).size).toBe(names.length);
    expect(classNameMap(src)).toEqual(map);
  });

  test('stylesheets and components get the same names; custom properties, keyframes and other strings keep theirs', () => {
    const { run } = transformWith(map);
    const entry = map.get('shell-menu-entry')!;
    const title = map.get('shell-menu-entry__tag')!;
    expect(run('.shell-menu-entry:hover .shell-menu-entry__tag { color: var(--shell-brand); animation: shell-panel-in 1s; }', 'header/x.css')).toBe(
      `.${entry}:hover .${title} { color: var(--shell-brand); animation: shell-panel-in 1s; }`,
    );
    expect(run(`const a = <a className="shell-menu-entry shell-menu-entry__tag" data-shell-flag="x" id="shell-state" />;`, 'header/x.tsx')).toBe(
      `const a = <a className="${entry} ${title}" data-shell-flag="x" id="shell-state" />;`,
    );
  });

  test('a class name built from parts fails the build', () => {
    const { run } = transformWith(map);
    expect(() => run('const c = `shell-menu-entry--${type}`;', 'header/x.tsx')).toThrow(/built from parts/);
    expect(() => run("const c = 'shell-menu-icon--' + name;", 'header/x.tsx')).toThrow(/built from parts/);
  });
});
