// loadSessionEnd brings the session's end-of-session calls (sessionEndCalls.ts), once. The
// page's monitor asks for them when the countdown's view is due, or when the session ends
// early (a 401 to an activity report); whoever asks first starts the download.
import type { TabClaim } from './tabClaim.ts';

type SessionEndCalls = typeof import('./sessionEndCalls.ts');

let loading: Promise<SessionEndCalls> | undefined;

export function loadSessionEnd(): Promise<SessionEndCalls> {
  // A failed download is tried again on the next need.
  loading ??= import('./sessionEndCalls.ts').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * lazyTabClaim is browserTabClaim from the end-of-session chunk. When the chunk cannot load it
 * answers true, as browserTabClaim does without Web Locks: a double report beats none.
 */
export function lazyTabClaim(): TabClaim {
  let claim: TabClaim | undefined;
  return async (key) => {
    try {
      claim ??= (await loadSessionEnd()).browserTabClaim();
    } catch {
      return true;
    }
    return claim(key);
  };
}
