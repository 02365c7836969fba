// The calls of the sessions page: GET /_shell/session/list and POST /_shell/session/end
// (bodies: shellstate.gen.ts, generated from caddy-module/shellstate/session_routes.go).
import type { EndSessionRequest, EndSessionResult, ReauthRequired, SessionList } from '../model/shellState.gen.ts';

export const SessionListPath = '/_shell/session/list';
export const SessionEndPath = '/_shell/session/end';

/** EndOutcome is what ending sessions came to. */
export type EndOutcome = { kind: 'ended'; result: EndSessionResult } | { kind: 'reauth'; login: string } | { kind: 'failed' };

export interface SessionsEndpoints {
  list(): Promise<SessionList>;
  end(request: EndSessionRequest): Promise<EndOutcome>;
}

/** endBody is the JSON the edge takes for request (one handle, or all). */
export function endBody(request: EndSessionRequest): string {
  return JSON.stringify(request.all ? { all: true } : { handle: request.handle });
}

/** sameSiteLogin keeps a login address from the edge only if it is a path on this site. */
function sameSiteLogin(login: unknown): string | null {
  return typeof login === 'string' && login.startsWith('/') && !login.startsWith('//') && !login.startsWith('/\\') ? login : null;
}

/** fetchEndpoints calls the edge with the page's own cookies (same origin only). */
export function fetchEndpoints(fetchImpl: typeof fetch = fetch): SessionsEndpoints {
  return {
    async list() {
      const res = await fetchImpl(SessionListPath, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`session list: ${res.status}`);
      return (await res.json()) as SessionList;
    },
    async end(request) {
      let res: Response;
      try {
        res = await fetchImpl(SessionEndPath, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: endBody(request) });
      } catch {
        return { kind: 'failed' };
      }
      if (res.ok) return { kind: 'ended', result: (await res.json()) as EndSessionResult };
      if (res.status === 401) {
        const body = (await res.json().catch(() => null)) as Partial<ReauthRequired> | null;
        const login = sameSiteLogin(body?.login);
        if (login) return { kind: 'reauth', login };
      }
      return { kind: 'failed' };
    },
  };
}
