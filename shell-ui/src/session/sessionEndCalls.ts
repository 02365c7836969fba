// The session endpoints a page needs only near or at the session's end: extension, the state
// re-read, logout and tracking, with the tab claim. They are a chunk of their own
// (loadSessionEnd.ts) that loads with the countdown's view or on first need, so a customer's
// page does not download them up front: most pages end long before their session does.
// It imports nothing from sessionEndpoints.ts (its result types are the model's): the bundler would move what both
// chunks share into a chunk of its own, one more request.
import type { ExtendRequest, Session } from '../model/shellState.gen.ts';
import { CountdownObject, EventSessionCountdown, type TrackingEvent } from '../model/tracking.gen.ts';
import type { ExtendResult, SessionEvent, StateResult } from '../model/sessionResults.ts';

export { browserTabClaim } from './tabClaim.ts';

export const ExtendPath = '/_shell/session/extend';
export const EventsPath = '/_shell/events';
export const StatePath = '/_shell/state';

// The same request as sessionEndpoints.ts's activity report: same-origin, with the cookie.
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

/**
 * extendBody is the extension's body (shellstate.ExtendRequest): byCustomer is true only for a
 * press on "Extend session", which the edge counts as activity; the automatic extension
 * refreshes the token and leaves the idle clock alone, so an unattended tab still idles out.
 */
export function extendBody(byCustomer: boolean): string {
  const req: ExtendRequest = { byCustomer };
  return JSON.stringify(req);
}

export async function extend(byCustomer: boolean): Promise<ExtendResult> {
  try {
    const res = await post(ExtendPath, {
      body: extendBody(byCustomer),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
    if (res.status === 401) return { kind: 'ended' };
    if (!res.ok) return { kind: 'failed' };
    const body: unknown = await res.json();
    return isSession(body) ? { kind: 'ok', session: { ...body, webview: body.webview === true } } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

export async function readState(path: string): Promise<StateResult> {
  try {
    const res = await fetch(`${StatePath}?path=${encodeURIComponent(path)}`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return { kind: 'failed' };
    const state = (await res.json()) as { isLoggedIn?: unknown; session?: unknown };
    if (state.isLoggedIn !== true || !state.session) return { kind: 'ended' };
    return isSession(state.session) ? { kind: 'ok', session: { ...state.session, webview: state.session.webview === true } } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** logoutAttempts is how often logout posts when the edge answers 503 (it could not end the session). */
export const logoutAttempts = 3;

/** retryDelayMs reads a 503's Retry-After (seconds), kept within 1 to 10 s. */
function retryDelayMs(res: Response): number {
  const seconds = Number.parseInt(res.headers.get('Retry-After') ?? '', 10);
  return Math.min(Math.max(Number.isFinite(seconds) ? seconds : 2, 1), 10) * 1000;
}

/**
 * logout posts body (the reason) to the edge's logout path; true when the edge answered with
 * its redirect. A 503 means the edge could not end the session (its store did not answer) and
 * kept it: post again after Retry-After, a few times, rather than leave it alive.
 */
export async function logout(path: string, body: URLSearchParams): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      // redirect: 'manual' because the login page may redirect on to the identity
      // provider, another origin; the edge's own 303 is all this needs to see.
      res = await post(path, { body, redirect: 'manual' });
    } catch {
      return false;
    }
    if (res.type === 'opaqueredirect' || res.ok) return true;
    if (res.status !== 503 || attempt >= logoutAttempts) return false;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res)));
  }
}

/**
 * eventBody is the body track posts to the events route for a countdown action: a
 * tracking.Event of the edge (model/tracking.gen.ts), the cases in
 * caddy-module/tracking/testdata/shell-events.json.
 */
export function eventBody(action: SessionEvent): string {
  const event: TrackingEvent = { eventName: EventSessionCountdown, object: CountdownObject, action };
  return JSON.stringify(event);
}

export function track(action: SessionEvent): void {
  const body = eventBody(action);
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
}
