// Test doubles of the edge's session endpoints and of the tabs' channel.
import { vi } from 'vitest';
import type { Session } from '../../model/shellState.gen.ts';
import type { ActivityResult, ExtendResult, SessionEndpoints, SessionEvent, StateResult } from '../sessionEndpoints.ts';
import type { TabChannel, TabMessage } from '../tabChannel.ts';
import type { TabClaim } from '../tabClaim.ts';

/** sessionIn builds a Session the edge made now (its clock skewed by skewMs) with seconds left. */
export function sessionIn(tokenS: number, idleS: number, extra: Partial<Session> = {}, skewMs = 0): Session {
  const serverTime = Date.now() + skewMs;
  return { serverTime, expiresAt: serverTime + tokenS * 1000, idleExpiresAt: serverTime + idleS * 1000, lengthSeconds: 300, canExtend: true, autoExtend: true, webview: false, monitored: true, ...extra };
}

export interface FakeEdge extends SessionEndpoints {
  events: SessionEvent[];
  /** calls lists the endpoints called, in order ('extend' automatic, 'extend:customer' pressed). */
  calls: string[];
  activityResult: ActivityResult;
  /** extendResult answers extend; by default a fresh 300 s token and 300 s idle. */
  extendResult: () => ExtendResult;
  /** stateResult answers readState; by default no answer. */
  stateResult: () => StateResult;
}

/** fakeEdge answers like the gateway: activity 204, extend with a fresh token. */
export function fakeEdge(): FakeEdge {
  const edge: FakeEdge = {
    events: [],
    calls: [],
    activityResult: 'ok',
    extendResult: () => ({ kind: 'ok', session: sessionIn(300, 300) }),
    stateResult: () => ({ kind: 'failed' }),
    readState: vi.fn(async () => {
      edge.calls.push('state');
      return edge.stateResult();
    }),
    reportActivity: vi.fn(async () => {
      edge.calls.push('activity');
      return edge.activityResult;
    }),
    extend: vi.fn(async (byCustomer: boolean) => {
      // 'extend' is the automatic extension, 'extend:customer' a press on the button.
      edge.calls.push(byCustomer ? 'extend:customer' : 'extend');
      return edge.extendResult();
    }),
    logout: vi.fn(async (reason?: 'expired') => {
      edge.calls.push(`logout${reason ? `:${reason}` : ''}`);
      return true;
    }),
    goToLogin: vi.fn((reason?: 'expired') => {
      edge.calls.push(`login${reason ? `:${reason}` : ''}`);
    }),
    track: vi.fn((action: SessionEvent) => {
      edge.events.push(action);
    }),
  };
  return edge;
}

/**
 * linkedChannels are two tabs' channels: what one posts, the other receives in a microtask,
 * or after delayMs (a busy browser, where a message can come after the other tab acted).
 */
export function linkedChannels(delayMs = 0): [TabChannel, TabChannel] {
  const listeners: [Set<(m: TabMessage) => void>, Set<(m: TabMessage) => void>] = [new Set(), new Set()];
  const make = (mine: 0 | 1): TabChannel => ({
    post(message) {
      const copy = structuredClone(message);
      const deliver = () => {
        for (const l of [...listeners[mine === 0 ? 1 : 0]]) l(copy);
      };
      if (delayMs > 0) setTimeout(deliver, delayMs);
      else queueMicrotask(deliver);
    },
    subscribe(listener) {
      listeners[mine].add(listener);
      return () => listeners[mine].delete(listener);
    },
    close() {
      listeners[mine].clear();
    },
  });
  return [make(0), make(1)];
}

/** sharedClaim is one browser's claims, shared by the tabs a test starts (as the Web Lock is). */
export function sharedClaim(): TabClaim {
  const taken = new Set<string>();
  return async (key) => {
    await Promise.resolve();
    if (taken.has(key)) return false;
    taken.add(key);
    return true;
  };
}

/** aloneChannel is a tab without others. */
export function aloneChannel(): TabChannel {
  return { post() {}, subscribe: () => () => {}, close() {} };
}
