import type { ShellState } from '../../model/shellState.gen.ts';

// How a loading header's page asks the edge for its customer: no React and no content here, so
// that the entry can ask before it loads them (shell/hydrateLazily.ts).

/** PrivateVariant is the header variant of a logged-in customer with data. */
export const PrivateVariant = 'private';

/** StateEndpoint is where the edge serves the shell state of the page's request. */
export const StateEndpoint = '/_shell/state';

/** StateAttempts and StateRetryDelay bound how long a loading header waits for the customer. */
export const StateAttempts = 3;
export const StateRetryDelay = 1000;

export interface StateSource {
  fetchState: () => Promise<Response>;
  wait: (ms: number) => Promise<void>;
  /** redirect leaves the page for the customer redirect rule's target (location.replace). */
  redirect: (path: string) => void;
}

/**
 * stateURL asks for the state of this very page: the edge's redirect rule and header choice
 * depend on the path (no redirect on the CDVC page itself, for one).
 */
export function stateURL(location: Pick<Location, 'pathname' | 'search'>): string {
  return `${StateEndpoint}?path=${encodeURIComponent(location.pathname + location.search)}`;
}

/**
 * isSameSitePath accepts a root-relative path and nothing a browser could read as another
 * site ("//host", "/\\host"): the edge sends only its configured targets, this is the belt.
 */
export function isSameSitePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\u0000-\u001f]/.test(path);
}

const browserSource: StateSource = {
  fetchState: () => fetch(stateURL(window.location), { credentials: 'same-origin', headers: { accept: 'application/json' } }),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  redirect: (path) => window.location.replace(path),
};

/**
 * fetchPrivateState asks the edge for the state until it holds the customer: the page went
 * out with the loading header because the customer's data took longer than the edge's budget
 * (spec 2.1: logo only and 4 skeletons while data loads). It gives null when the customer is
 * gone (logged out, another variant) or after StateAttempts answers without the data.
 */
export async function fetchPrivateState(source: StateSource = browserSource): Promise<ShellState | null> {
  for (let attempt = 1; attempt <= StateAttempts; attempt++) {
    if (attempt > 1) await source.wait(StateRetryDelay);
    let state: ShellState;
    try {
      const res = await source.fetchState();
      if (!res.ok) continue;
      state = (await res.json()) as ShellState;
    } catch {
      continue;
    }
    if (state.redirect && isSameSitePath(state.redirect)) {
      // The page went out before the customer's data; the rule the edge would have answered
      // with a 302 holds, so the shell goes there now (spec 4, customer redirect rule).
      source.redirect(state.redirect);
      return null;
    }
    if (state.headerVariant === PrivateVariant && state.customer) return state;
    if (state.headerVariant !== 'loading' || !state.isLoggedIn) return null;
  }
  return null;
}
