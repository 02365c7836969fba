// The session lifecycle's rules (spec 4, "Session lifecycle"; constants of spec 9) as plain
// functions of a timing and a moment. The monitor only applies them over time.
import type { Session } from '../model/shellState.gen.ts';

/** WarningMs: the countdown appears when this much or less remains. */
export const WarningMs = 120_000;
/** AutoExtendMs: the token is refreshed automatically when this much or less of it remains. */
export const AutoExtendMs = 120_000;
/** TickMs: the monitor checks the session every second. */
export const TickMs = 1_000;
/** ActivityThrottleMs: mouse, key and touch activity counts at most once a second. */
export const ActivityThrottleMs = 1_000;
/** ActivityReportMs: the edge hears of activity at most every 30 seconds. */
export const ActivityReportMs = 30_000;
/** ExtendedConfirmationMs: how long "extended by n minutes" stays. */
export const ExtendedConfirmationMs = 5_000;

/**
 * SessionTiming is a Session moved onto this browser's clock. Tabs share the clock, so a
 * timing one tab sends another means the same moments there.
 */
export interface SessionTiming {
  /** tokenId is the edge's own expiresAt: equal in every tab, it names one access token. */
  tokenId: number;
  /** serverTime is the edge's clock when the timing was made; a newer timing wins. */
  serverTime: number;
  /** expiresAt is when the access token expires, on this browser's clock. */
  expiresAt: number;
  /** idleExpiresAt is when the session ends for lack of activity, on this browser's clock. */
  idleExpiresAt: number;
  /** absoluteExpiresAt is when the session ends however active (the edge's max_session); 0 for none. */
  absoluteExpiresAt?: number;
  lengthSeconds: number;
  canExtend: boolean;
  autoExtend: boolean;
  webview: boolean;
}

/**
 * toTiming moves a Session onto the local clock. The edge made it at serverTime and the
 * browser got it at receivedAt: the difference is the clock skew (plus the trip, which only
 * errs on the early side).
 */
export function toTiming(session: Session, receivedAt: number): SessionTiming {
  const skew = receivedAt - session.serverTime;
  return {
    tokenId: session.expiresAt,
    serverTime: session.serverTime,
    expiresAt: session.expiresAt + skew,
    idleExpiresAt: session.idleExpiresAt + skew,
    absoluteExpiresAt: session.absoluteExpiresAt ? session.absoluteExpiresAt + skew : 0,
    lengthSeconds: session.lengthSeconds,
    canExtend: session.canExtend,
    autoExtend: session.autoExtend,
    webview: session.webview,
  };
}

/**
 * idleLengthOf is the idle timeout a page's own state shows: the navigation that made the page
 * counted as activity, so its idle expiry lies one idle timeout after the edge's clock.
 */
export function idleLengthOf(session: Session): number {
  return Math.max(0, session.idleExpiresAt - session.serverTime);
}

/** Reading is what a timing says at one moment. */
export interface Reading {
  tokenMs: number;
  idleMs: number;
  /** remainingMs is the lower of idle and token time; in the webview the token's only. */
  remainingMs: number;
  /** tokenBinds tells whether the token, not idleness, ends the session first. */
  tokenBinds: boolean;
  /**
   * absoluteBinds tells whether the session's maximum lifetime ends it first: then neither
   * activity nor an extension helps, and the countdown shows without its button.
   */
  absoluteBinds: boolean;
}

export function readTiming(t: SessionTiming, now: number): Reading {
  const tokenMs = t.expiresAt - now;
  const idleMs = t.idleExpiresAt - now;
  const tokenBinds = t.webview || tokenMs <= idleMs;
  const otherMs = tokenBinds ? tokenMs : idleMs;
  const absoluteMs = t.absoluteExpiresAt ? t.absoluteExpiresAt - now : Infinity;
  if (absoluteMs < otherMs) return { tokenMs, idleMs, remainingMs: absoluteMs, tokenBinds: false, absoluteBinds: true };
  return { tokenMs, idleMs, remainingMs: otherMs, tokenBinds, absoluteBinds: false };
}

/**
 * autoExtendAllowed: the edge allows it, and extension is offered at all (a session of 120 s
 * or less with the stop-refreshing flag gets canExtend false; refreshing it automatically
 * would refresh a fresh token at once, every time).
 */
export function autoExtendAllowed(t: SessionTiming): boolean {
  return t.autoExtend && t.canExtend;
}

/**
 * autoExtendDue: the token has 120 s or less (or half its lifetime, when that is less: the
 * edge's session.RefreshWindow) and may be refreshed automatically, unless the session's
 * maximum lifetime ends it before the token anyway. A 60 s token is due at 30 s, not at once:
 * else each new token would be extended the moment it arrives.
 */
export function autoExtendDue(t: SessionTiming, r: Reading): boolean {
  const window = t.lengthSeconds > 0 ? Math.min(AutoExtendMs, (t.lengthSeconds * 1000) / 2) : AutoExtendMs;
  return autoExtendAllowed(t) && r.tokenMs <= window && r.tokenMs > 0 && !r.absoluteBinds;
}

/**
 * countdownShown: 120 s or less remain, unless it is the token that runs out and its
 * automatic refresh has not failed (the refresh, not the customer, takes care of it).
 */
export function countdownShown(t: SessionTiming, r: Reading, autoExtendFailed: boolean): boolean {
  if (r.remainingMs > WarningMs) return false;
  return !(r.tokenBinds && autoExtendAllowed(t) && !autoExtendFailed);
}

/** secondsLeft is the whole seconds a countdown shows: 0.2 s left still shows 1. */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** msToNextSecond is how long until secondsLeft changes, so every tab turns at one moment. */
export function msToNextSecond(ms: number): number {
  if (ms <= 0) return TickMs;
  return ((Math.ceil(ms) - 1) % 1000) + 1;
}

/** extendedMinutes is the time an extension gives, in whole minutes (at least 1). */
export function extendedMinutes(r: Reading): number {
  return Math.max(1, Math.round(r.remainingMs / 60_000));
}

/**
 * withReportedActivity: once the edge heard of activity at reportedAt, idleness cannot end
 * the session before reportedAt plus the idle timeout.
 */
export function withReportedActivity(t: SessionTiming, reportedAt: number, idleLengthMs: number): SessionTiming {
  const idleExpiresAt = Math.max(t.idleExpiresAt, reportedAt + idleLengthMs);
  return idleExpiresAt === t.idleExpiresAt ? t : { ...t, idleExpiresAt };
}
