// The gateway's session endpoints, as the countdown uses them. The browser holds no token:
// every call is a same-origin request that carries the HttpOnly session cookie.
import { type LogoutReason, LogoutReasonField } from '../model/shellState.gen.ts';
import type { ActivityResult, ExtendResult, SessionEvent, StateResult } from '../model/sessionResults.ts';
import { loadSessionEnd } from './loadSessionEnd.ts';

export type { ActivityResult, ExtendResult, SessionEvent, StateResult } from '../model/sessionResults.ts';

export const ActivityPath = '/_shell/session/activity';
export const LogoutPath = '/_shell/auth/logout';

/** SessionEndpoints is what the monitor asks of the edge; tests pass their own. */
export interface SessionEndpoints {
  reportActivity(): Promise<ActivityResult>;
  /** extend refreshes the token; byCustomer says the customer pressed "Extend session" (activity), not the automatic refresh. */
  extend(byCustomer: boolean): Promise<ExtendResult>;
  /** readState asks the edge for the page's state again (after the page slept in the back/forward cache). */
  readState(path: string): Promise<StateResult>;
  /** logout ends the session at the edge; true when the edge answered with its redirect. */
  logout(reason?: LogoutReason): Promise<boolean>;
  /** goToLogin leaves the page through the edge's logout, which redirects to login. */
  goToLogin(reason?: LogoutReason): void;
  /** track sends a session event; it may be lost, and nothing waits for it. */
  track(action: SessionEvent): void;
}

function post(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, { method: 'POST', credentials: 'same-origin', cache: 'no-store', ...init });
}

/** logoutBody is the logout form's fields (shellstate.LogoutReasonField); no reason is the customer's own logout. */
export function logoutBody(reason?: LogoutReason): URLSearchParams {
  const body = new URLSearchParams();
  if (reason) body.set(LogoutReasonField, reason);
  return body;
}

/**
 * browserEndpoints are the real endpoints, with fetch, a form post and sendBeacon. Activity
 * reports and the way to login are here; the calls the end of a session needs (extend, the
 * state re-read, logout, tracking) load with their own chunk on first need (loadSessionEnd.ts).
 * When that chunk cannot load they fail as a lost network would, and goToLogin, a plain form
 * post, still leaves the page.
 */
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
    extend: (byCustomer) => loadSessionEnd().then((m) => m.extend(byCustomer), () => ({ kind: 'failed' }) as const),
    readState: (path) => loadSessionEnd().then((m) => m.readState(path), () => ({ kind: 'failed' }) as const),
    logout: (reason) => loadSessionEnd().then((m) => m.logout(LogoutPath, logoutBody(reason)), () => false),
    track(action) {
      // Nothing waits for an event: it goes out once its chunk is here, or is lost.
      void loadSessionEnd().then((m) => m.track(action), () => {});
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
  };
}
