import type { ShellState } from '../model/shellState.gen.ts';

/**
 * startSessionCountdown loads the countdown's own chunk for logged-in customers only: a
 * visitor's page never downloads it. The chunk runs in the task that brings it and the monitor
 * starts in the next one (nextTask): together they were a task over 50 ms on a slow phone
 * (bench/HISTORY.md, 2026-11-27 "task").
 */
export function startSessionCountdown(
  doc: Document,
  state: ShellState,
  log: (message: string) => void = (m) => console.warn(`shell: ${m}`),
  nextTask: (then: () => void) => void = (then) => setTimeout(then),
): Promise<unknown> {
  // The edge says when the monitor is off (the local environment without the local-timeout
  // flag): then there is no countdown either.
  if (!state.isLoggedIn || !state.session || !state.session.monitored) return Promise.resolve(null);
  return import('./mountSessionCountdown.tsx').then(
    (m) => new Promise((started) => nextTask(() => started(m.mountSessionCountdown(doc, state, log)))),
    (err: unknown) => log(`cannot load the session countdown (${(err as Error).message}); the session still ends at the edge`),
  );
}
