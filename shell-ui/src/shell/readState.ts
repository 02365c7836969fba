import type { ShellState } from '../model/shellState.gen.ts';

/** StateSelector finds the state script the gateway inlines in every page. */
export const StateSelector = 'script#shell-state[type="application/json"][data-shell="state"]';

/** StateResult is the parsed state, or why there is none. */
export type StateResult = { ok: true; state: ShellState } | { ok: false; reason: string };

/**
 * readShellState reads and checks the inlined shell state. It checks the fields a render
 * depends on; a state without them cannot match the prerendered markup.
 */
export function readShellState(doc: Document): StateResult {
  const script = doc.querySelector(StateSelector);
  if (!script) return { ok: false, reason: 'no shell state script in the page' };
  let raw: unknown;
  try {
    raw = JSON.parse(script.textContent ?? '');
  } catch (err) {
    return { ok: false, reason: `the shell state is not valid JSON (${(err as Error).message})` };
  }
  if (typeof raw !== 'object' || raw === null) return { ok: false, reason: 'the shell state is not a JSON object' };
  const s = raw as Record<string, unknown>;
  for (const key of ['locale', 'basePath', 'designVersion', 'headerVariant', 'path'] as const) {
    if (typeof s[key] !== 'string') return { ok: false, reason: `the shell state lacks the string "${key}"` };
  }
  if (typeof s.year !== 'number' || !Number.isInteger(s.year)) return { ok: false, reason: 'the shell state lacks the integer "year"' };
  return { ok: true, state: raw as ShellState };
}
