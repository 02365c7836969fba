// The gateway's session endpoints, as the countdown uses them. The browser holds no token:
// every call is a same-origin request that carries the HttpOnly session cookie.
import type { Session } from '../model/shellState.gen.ts';

export const ActivityPath = '/_shell/session/activity';
export const ExtendPath = '/_shell/session/extend';
export const LogoutPath = '/_shell/auth/logout';
export const EventsPath = '/_shell/events';
export const StatePath = '/_shell/state';

/** SessionEvent is the action of a session tracking event. */
export type SessionEvent = 'shown' | 'extended-automatically' | 'extended' | 'expired' | 'logout-succeeded';

/** ActivityResult: the edge recorded it, the session is gone, or the call failed. */
export type ActivityResult = 'ok' | 'ended' | 'failed';

export type ExtendResult = { kind: 'ok'; session: Session } | { kind: 'ended' } | { kind: 'failed' };

/** StateResult: the session's timing now, no session any more, or no answer. */
export type StateResult = { kind: 'ok'; session: Session } | { kind: 'ended' } | { kind: 'failed' };

/** SessionEndpoints is what the monitor asks of the edge; tests pass their own. */
export interface SessionEndpoints {
  reportActivity(): Promise<ActivityResult>;
  extend(): Promise<ExtendResult>;
  /** readState asks the edge for the page's state again (after the page slept in the back/forward cache). */
  readState(path: string): Promise<StateResult>;
  /** logout ends the session at the edge; true when the edge answered with its redirect. */
  logout(reason?: 'expired'): Promise<boolean>;
  /** goToLogin leaves the page through the edge's logout, which redirects to login. */
  goToLogin(reason?: 'expired'): void;
  /** track sends a session event; it may be lost, and nothing waits for it. */
  track(action: SessionEvent): void;
}

function post(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, { method: 'POST', credentials: 'same-origin', cache: 'no-store', ...init });
}

function isSession(v: unknown): v is Session {
  const s = v as Record<string, unknown> | null;
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.serverTime === 'number' &&
    typeof s.expiresAt === 'number' &&
    typeof s.idleExpiresAt === 'number' &&
    typeof s.lengthSeconds === 'number' &&
    typeof s.canExtend === 'boolean' &&
    typeof s.autoExtend === 'boolean'
  );
}

function logoutBody(reason?: 'expired'): URLSearchParams {
  const body = new URLSearchParams();
  if (reason) body.set('reason', reason);
  return body;
}

/** browserEndpoints are the real endpoints, with fetch, a form post and sendBeacon. */
export function browserEndpoints(doc: Document = document): SessionEndpoints {
  return {
    async reportActivity() {
      try {
        const res = await post(ActivityPath);
        if (res.status === 401) return 'ended';
        return res.ok ? 'ok' : 'failed';
      } catch {
        return 'failed';
      }
    },
    async extend() {
      try {
        const res = await post(ExtendPath, { headers: { Accept: 'application/json' } });
        if (res.status === 401) return { kind: 'ended' };
        if (!res.ok) return { kind: 'failed' };
        const body: unknown = await res.json();
        return isSession(body) ? { kind: 'ok', session: { ...body, webview: body.webview === true } } : { kind: 'failed' };
      } catch {
        return { kind: 'failed' };
      }
    },
    async readState(path) {
      try {
        const res = await fetch(`${StatePath}?path=${encodeURIComponent(path)}`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
        if (!res.ok) return { kind: 'failed' };
        const state = (await res.json()) as { isLoggedIn?: unknown; session?: unknown };
        if (state.isLoggedIn !== true || !state.session) return { kind: 'ended' };
        return isSession(state.session) ? { kind: 'ok', session: { ...state.session, webview: state.session.webview === true } } : { kind: 'failed' };
      } catch {
        return { kind: 'failed' };
      }
    },
    async logout(reason) {
      try {
        // redirect: 'manual' because the login page may redirect on to the identity
        // provider, another origin; the edge's own 303 is all this needs to see.
        const res = await post(LogoutPath, { body: logoutBody(reason), redirect: 'manual' });
        return res.type === 'opaqueredirect' || res.ok;
      } catch {
        return false;
      }
    },
    goToLogin(reason) {
      // A form post is a navigation: the edge answers 303 to its login page (or the
      // pension logout target), which only the edge knows.
      const form = doc.createElement('form');
      form.method = 'post';
      form.action = LogoutPath;
      form.hidden = true;
      form.dataset.shell = 'session-logout';
      for (const [name, value] of logoutBody(reason)) {
        const input = doc.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      doc.body.append(form);
      form.submit();
    },
    track(action) {
      const body = JSON.stringify({ name: 'session', object: 'session_countdown', action });
      try {
        // The events route may not exist yet (404): a lost event is fine, an error is not.
        if (typeof navigator.sendBeacon === 'function') {
          navigator.sendBeacon(EventsPath, new Blob([body], { type: 'application/json' }));
          return;
        }
        void post(EventsPath, { body, headers: { 'Content-Type': 'application/json' }, keepalive: true }).catch(() => {});
      } catch {
        // Lost event.
      }
    },
  };
}
