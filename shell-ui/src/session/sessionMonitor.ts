// The session monitor applies the lifecycle rules over time: a tick every second (turning on
// the whole second of the countdown, so every tab turns together), activity reports to the
// edge, automatic and manual extension, expiry, and the other tabs' news.
import type { Session } from '../model/shellState.gen.ts';
import { trackActivity } from './activityTracker.ts';
import {
  ActivityReportMs,
  ExtendedConfirmationMs,
  autoExtendDue,
  countdownShown,
  extendedMinutes,
  idleLengthOf,
  msToNextSecond,
  readTiming,
  secondsLeft,
  toTiming,
  withReportedActivity,
} from './lifecycle.ts';
import type { SessionTiming } from './lifecycle.ts';
import { LogoutPath } from './sessionEndpoints.ts';
import type { SessionEndpoints } from './sessionEndpoints.ts';
import type { TabChannel, TabMessage } from './tabChannel.ts';
import { lazyTabClaim } from './loadSessionEnd.ts';
import type { TabClaim } from './tabClaim.ts';

/** CountdownView is what the countdown renders. */
export interface CountdownView {
  /** off: no session; running: monitored; ended: expired or logged out, leaving the page. */
  status: 'off' | 'running' | 'ended';
  remainingSeconds: number;
  /** countdown tells whether the "You will be logged out in" message shows. */
  countdown: boolean;
  /** canExtend tells whether "Extend session" is offered. */
  canExtend: boolean;
  /** extending is true while a manual extension is on its way. */
  extending: boolean;
  /** extendedMinutes is set for 5 s after an extension: the confirmation's figure. */
  extendedMinutes: number | null;
}

export const OffView: CountdownView = { status: 'off', remainingSeconds: 0, countdown: false, canExtend: false, extending: false, extendedMinutes: null };

export interface MonitorOptions {
  session: Session;
  /**
   * receivedAt is when this browser got the session (local clock): for the page's own state,
   * when the page's response began, not when the script ran.
   */
  receivedAt?: number;
  endpoints: SessionEndpoints;
  /** channel reaches the other tabs; the monitor closes it when it stops. */
  channel: TabChannel;
  now?: () => number;
  /** activityTarget receives mouse, key and touch events (the window). */
  activityTarget?: EventTarget | null;
  /** ignoreActivity: events on the countdown itself, which has its own button. */
  ignoreActivity?: (target: EventTarget | null) => boolean;
  /**
   * logoutForms: a document whose logout form submissions end the session in every tab; its
   * window's pageshow from the back/forward cache makes the monitor ask the edge again.
   */
  logoutForms?: Document | null;
  /**
   * jitter is how long this tab waits before it reports 'shown', extends automatically or
   * expires (default up to 300 ms at random). Tabs tick on the same whole second; the first
   * to act tells the others, which then stand down, so each happens once per browser.
   */
  jitter?: () => number;
  /**
   * claim decides which tab reports the expiry and refreshes the token when two act within
   * the same moment, before either tab's message reached the other (default: browserTabClaim,
   * loaded with the end-of-session calls when first needed).
   */
  claim?: TabClaim;
}

const DefaultJitterMs = 300;

export interface SessionMonitor {
  getView(): CountdownView;
  subscribe(listener: (view: CountdownView) => void): () => void;
  /** extend is the "Extend session" button. */
  extend(): Promise<void>;
  /** stop ends monitoring without leaving the page (unmount). */
  stop(): void;
}

function sameView(a: CountdownView, b: CountdownView): boolean {
  return (
    a.status === b.status &&
    a.remainingSeconds === b.remainingSeconds &&
    a.countdown === b.countdown &&
    a.canExtend === b.canExtend &&
    a.extending === b.extending &&
    a.extendedMinutes === b.extendedMinutes
  );
}

/** startSessionMonitor starts monitoring a logged-in customer's session. */
export function startSessionMonitor(options: MonitorOptions): SessionMonitor {
  const { endpoints, channel } = options;
  const now = options.now ?? Date.now;
  const jitter = options.jitter ?? (() => Math.random() * DefaultJitterMs);
  const claim = options.claim ?? lazyTabClaim();
  const idleLengthMs = idleLengthOf(options.session);
  const listeners = new Set<(view: CountdownView) => void>();

  let timing: SessionTiming = toTiming(options.session, options.receivedAt ?? now());
  let view: CountdownView = OffView;
  let stopped = false;
  let ended = false;
  let tickTimer: ReturnType<typeof setTimeout> | undefined;
  let expireTimer: ReturnType<typeof setTimeout> | undefined;

  // Activity: the page's own navigation was the last report the edge got.
  let lastReportAt = now();
  let lastReportedAt = -Infinity;
  let unreportedSince: number | null = null;
  let reportTimer: ReturnType<typeof setTimeout> | undefined;
  let reportInFlight = false;

  // Extension.
  let autoTriedFor: number | null = null;
  let autoFailedFor: number | null = null;
  let autoTimer: ReturnType<typeof setTimeout> | undefined;
  let extending = false;
  let confirmation: number | null = null;
  let confirmationTimer: ReturnType<typeof setTimeout> | undefined;

  // The 'shown' event goes out once each time the countdown appears (in one tab).
  let wasShown = false;
  let shownReported = false;
  // shownSent: the event went out, from this tab or another; only then may it say so.
  let shownSent = false;
  let shownTimer: ReturnType<typeof setTimeout> | undefined;

  function emit(next: CountdownView) {
    if (sameView(view, next)) return;
    view = next;
    for (const l of [...listeners]) l(view);
  }

  function tick() {
    clearTimeout(tickTimer);
    if (ended || stopped) return;
    const at = now();
    const r = readTiming(timing, at);
    if (r.remainingMs <= 0) {
      expire();
      return;
    }
    if (autoExtendDue(timing, r) && autoTriedFor !== timing.tokenId) {
      const tokenId = timing.tokenId;
      autoTriedFor = tokenId;
      autoTimer = setTimeout(() => void autoExtend(tokenId), jitter());
    }
    const shown = countdownShown(timing, r, autoFailedFor === timing.tokenId);
    if (shown && !wasShown && !shownReported) {
      shownReported = true;
      shownTimer = setTimeout(() => {
        shownSent = true;
        endpoints.track('shown');
        channel.post({ type: 'shown' });
      }, jitter());
    }
    if (!shown && wasShown) {
      shownReported = false;
      shownSent = false;
      clearTimeout(shownTimer);
    }
    wasShown = shown;
    emit({
      status: 'running',
      remainingSeconds: secondsLeft(r.remainingMs),
      countdown: shown,
      // Near the session's maximum lifetime an extension cannot help: no button.
      canExtend: timing.canExtend && !r.absoluteBinds,
      extending,
      extendedMinutes: confirmation,
    });
    tickTimer = setTimeout(tick, msToNextSecond(r.remainingMs));
  }

  /** adopt takes a newer timing; the edge's record of reported activity still holds. */
  function adopt(next: SessionTiming): boolean {
    if (next.serverTime < timing.serverTime) return false;
    timing = withReportedActivity(next, lastReportedAt, idleLengthMs);
    return true;
  }

  function confirm(minutes: number) {
    confirmation = minutes;
    clearTimeout(confirmationTimer);
    confirmationTimer = setTimeout(() => {
      confirmation = null;
      tick();
    }, ExtendedConfirmationMs);
  }

  async function reportActivity() {
    if (reportInFlight) return;
    clearTimeout(reportTimer);
    reportTimer = undefined;
    reportInFlight = true;
    const at = now();
    lastReportAt = at;
    unreportedSince = null;
    const result = await endpoints.reportActivity();
    reportInFlight = false;
    if (ended || stopped) return;
    if (result === 'ended') {
      expire();
      return;
    }
    if (result !== 'ok') return;
    lastReportedAt = Math.max(lastReportedAt, at);
    timing = withReportedActivity(timing, at, idleLengthMs);
    channel.post({ type: 'activity-reported', at });
    tick();
  }

  function onActivity(at: number) {
    if (ended || stopped) return;
    // While the countdown shows, activity is reported at once: the customer is back, and
    // waiting out the 30 s could let the session lapse at the edge.
    if (view.countdown || at - lastReportAt >= ActivityReportMs) {
      void reportActivity();
      return;
    }
    if (unreportedSince === null) unreportedSince = at;
    if (reportTimer === undefined) reportTimer = setTimeout(() => void reportActivity(), lastReportAt + ActivityReportMs - at);
  }

  async function autoExtend(tokenId: number) {
    if (ended || stopped || timing.tokenId !== tokenId) return;
    // Another tab refreshes this token: its 'auto-extending' and 'timing' reach this one.
    if (!(await claim(`auto-extend:${tokenId}`))) return;
    if (ended || stopped || timing.tokenId !== tokenId) return;
    channel.post({ type: 'auto-extending', tokenId });
    // Not the customer's doing: the edge refreshes the token and leaves the idle clock alone.
    const res = await endpoints.extend(false);
    if (ended || stopped) return;
    if (res.kind === 'ended') {
      expire();
      return;
    }
    if (res.kind === 'ok' && res.session.expiresAt !== tokenId && adopt(toTiming(res.session, now()))) {
      endpoints.track('extended-automatically');
      channel.post({ type: 'timing', timing });
    } else {
      autoFailedFor = tokenId;
      channel.post({ type: 'auto-extend-failed', tokenId });
    }
    tick();
  }

  async function extend() {
    if (ended || stopped || extending) return;
    extending = true;
    tick();
    // Pressing the button is activity: the extension says so (byCustomer), and the report
    // beside it moves this tab's own record of what the edge heard.
    const [res] = await Promise.all([endpoints.extend(true), reportActivity()]);
    extending = false;
    if (ended || stopped) return;
    if (res.kind === 'ended') {
      expire();
      return;
    }
    if (res.kind === 'ok' && adopt(toTiming(res.session, now()))) {
      const minutes = extendedMinutes(readTiming(timing, now()));
      confirm(minutes);
      endpoints.track('extended');
      channel.post({ type: 'timing', timing, extendedMinutes: minutes });
    }
    tick();
  }

  function clearTimers() {
    for (const t of [tickTimer, reportTimer, confirmationTimer, autoTimer, shownTimer, expireTimer]) clearTimeout(t);
  }

  function finish() {
    ended = true;
    clearTimers();
    stopActivity();
    stopLogoutWatch();
    emit({ ...OffView, status: 'ended' });
  }

  /** expire: remaining time 0 (or the edge says the session is gone). */
  function expire() {
    if (ended) return;
    finish();
    expireTimer = setTimeout(() => void leave(), jitter());
  }

  async function leave() {
    expireTimer = undefined;
    if (!(await claim(`expired:${timing.tokenId}`))) {
      // Another tab is reporting the expiry; its 'ended' may not have arrived yet.
      endpoints.goToLogin('expired');
      return;
    }
    endpoints.track('expired');
    channel.post({ type: 'ended', reason: 'expired' });
    void endpoints.logout('expired').then((ok) => {
      if (ok) endpoints.track('logout-succeeded');
      endpoints.goToLogin('expired');
    });
  }

  function onTabMessage(m: TabMessage) {
    if (m.type === 'ended' && expireTimer !== undefined) {
      // Another tab expired it first and reported it.
      clearTimeout(expireTimer);
      expireTimer = undefined;
      endpoints.goToLogin(m.reason === 'expired' ? 'expired' : undefined);
      return;
    }
    if (ended || stopped) return;
    switch (m.type) {
      case 'activity-reported':
        lastReportAt = Math.max(lastReportAt, m.at);
        lastReportedAt = Math.max(lastReportedAt, m.at);
        timing = withReportedActivity(timing, m.at, idleLengthMs);
        if (unreportedSince !== null && m.at >= unreportedSince) {
          unreportedSince = null;
          clearTimeout(reportTimer);
          reportTimer = undefined;
        }
        break;
      case 'timing':
        if (adopt(m.timing) && m.extendedMinutes !== undefined) confirm(m.extendedMinutes);
        break;
      case 'shown':
        shownReported = true;
        shownSent = true;
        clearTimeout(shownTimer);
        break;
      case 'hello':
        adopt(m.timing);
        channel.post({ type: 'timing', timing });
        if (wasShown && shownSent) channel.post({ type: 'shown' });
        break;
      case 'auto-extending':
        autoTriedFor = m.tokenId;
        clearTimeout(autoTimer);
        break;
      case 'auto-extend-failed':
        autoFailedFor = m.tokenId;
        break;
      case 'ended':
        // The tab that saw it first reported it; this one only leaves.
        finish();
        endpoints.goToLogin(m.reason === 'expired' ? 'expired' : undefined);
        return;
    }
    tick();
  }

  const stopActivity = options.activityTarget ? trackActivity(options.activityTarget, onActivity, { now, ignore: options.ignoreActivity }) : () => {};
  const unsubscribeTabs = channel.subscribe(onTabMessage);

  // A logout in this tab (the account menu's form) ends the session in the others as well.
  const onSubmit = (ev: Event) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement) || form.dataset.shell === 'session-logout') return;
    let path: string;
    try {
      path = new URL(form.getAttribute('action') ?? '', window.location.href).pathname;
    } catch {
      return;
    }
    if (path !== LogoutPath) return;
    channel.post({ type: 'ended', reason: 'logout' });
    finish();
  };
  options.logoutForms?.addEventListener('submit', onSubmit, true);

  // A page restored from the back/forward cache missed the other tabs' news while it slept.
  const onPageShow = (ev: PageTransitionEvent) => {
    if (ev.persisted) void resync();
  };
  const pageWindow = options.logoutForms?.defaultView ?? null;
  pageWindow?.addEventListener('pageshow', onPageShow);
  const stopLogoutWatch = () => {
    options.logoutForms?.removeEventListener('submit', onSubmit, true);
    pageWindow?.removeEventListener('pageshow', onPageShow);
  };

  async function resync() {
    if (ended || stopped) return;
    const res = await endpoints.readState(pageWindow?.location.pathname ?? '/');
    if (ended || stopped) return;
    if (res.kind === 'ended') {
      // The session ended while this page slept: nothing left to count down.
      finish();
      endpoints.goToLogin();
      return;
    }
    if (res.kind === 'ok') adopt(toTiming(res.session, now()));
    tick();
  }

  channel.post({ type: 'hello', timing });
  tick();

  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    extend,
    stop() {
      if (stopped) return;
      stopped = true;
      clearTimers();
      stopActivity();
      stopLogoutWatch();
      unsubscribeTabs();
      channel.close();
    },
  };
}
