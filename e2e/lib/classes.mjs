// The shell's class names as the built page carries them. The UI build shortens the readable
// names of shell-ui's source (shell-ui/shortClassNames.ts: shell-market__list becomes _b8) and
// lists the map in shell-ui/dist/class-names.json; tests keep naming the readable class.
import { readFileSync } from 'node:fs';

/** shellClasses maps each readable class name to the built one. */
export const shellClasses = JSON.parse(readFileSync(new URL('../../shell-ui/dist/class-names.json', import.meta.url), 'utf8'));

/** shellClass gives the built name of one readable class name. */
export function shellClass(name) {
  const built = shellClasses[name];
  if (!built) throw new Error(`no class ${name} in shell-ui/dist/class-names.json; build the UI (npm run build -w shell-ui)`);
  return built;
}

/**
 * sel gives a CSS selector with each .shell-… class in it as the built page names it. A class
 * no stylesheet defines keeps its name in the build (a hook such as shell-logout), so here too.
 */
export function sel(selector) {
  return selector.replace(/(?<=\.)shell-[\w-]+/g, (name) => shellClasses[name] ?? name);
}
