import type { ShellState } from '../model/shellState.gen.ts';

/**
 * startSessionCountdown loads the countdown's own chunk for logged-in customers only: a
 * visitor's page never downloads it.
 */
export function startSessionCountdown(doc: Document, state: ShellState, log: (message: string) => void = (m) => console.warn(`shell: ${m}`)): Promise<unknown> {
  // The edge says when the monitor is off (the local environment without the local-timeout
  // flag): then there is no countdown either.
  if (!state.isLoggedIn || !state.session || !state.session.monitored) return Promise.resolve(null);
  return import('./mountSessionCountdown.tsx').then(
    (m) => m.mountSessionCountdown(doc, state, log),
    (err: unknown) => log(`cannot load the session countdown (${(err as Error).message}); the session still ends at the edge`),
  );
}
