import { useCallback, useEffect, useState } from 'react';
import type { EndSessionRequest, SessionEntry } from '../model/shellState.gen.ts';
import type { SessionsEndpoints } from './sessionsEndpoints.ts';

/** SessionsView is what the page shows: loading, the list, or that it could not load. */
export type SessionsView = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; sessions: SessionEntry[] };

/** SessionsNotice is the last outcome of ending sessions, said in the page's live region. */
export type SessionsNotice = { kind: 'ended'; n: number } | { kind: 'failed' } | { kind: 'reauth' } | null;

/**
 * useSessions loads the customer's sessions and ends them: after an end the list is loaded
 * again; an end that needs a fresh login goes to the login page (navigate), which comes
 * back here; ending the current session goes to the login page too, since it logged out.
 */
export function useSessions(endpoints: SessionsEndpoints, navigate: (to: string) => void, loginPath: string) {
  const [view, setView] = useState<SessionsView>({ kind: 'loading' });
  const [notice, setNotice] = useState<SessionsNotice>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await endpoints.list();
      setView({ kind: 'loaded', sessions: list.sessions ?? [] });
    } catch {
      setView({ kind: 'failed' });
    }
  }, [endpoints]);

  useEffect(() => {
    void load();
  }, [load]);

  const end = useCallback(
    async (request: EndSessionRequest) => {
      setBusy(true);
      try {
        const outcome = await endpoints.end(request);
        if (outcome.kind === 'reauth') {
          setNotice({ kind: 'reauth' });
          navigate(outcome.login);
          return;
        }
        if (outcome.kind === 'failed') {
          setNotice({ kind: 'failed' });
          return;
        }
        setNotice({ kind: 'ended', n: outcome.result.ended });
        if (outcome.result.loggedOut) {
          navigate(loginPath);
          return;
        }
        await load();
      } finally {
        setBusy(false);
      }
    },
    [endpoints, navigate, loginPath, load],
  );

  return { view, notice, busy, end };
}
