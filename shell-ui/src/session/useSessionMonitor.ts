import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Session } from '../model/shellState.gen.ts';
import { browserEndpoints } from './sessionEndpoints.ts';
import type { SessionEndpoints } from './sessionEndpoints.ts';
import { OffView, startSessionMonitor } from './sessionMonitor.ts';
import type { CountdownView, SessionMonitor } from './sessionMonitor.ts';
import { openTabChannel } from './tabChannel.ts';
import type { TabChannel } from './tabChannel.ts';

/** MonitorSetup replaces the browser's parts in tests; read once, when the monitor starts. */
export interface MonitorSetup {
  endpoints?: SessionEndpoints;
  openChannel?: () => TabChannel;
  /** activityTarget receives the customer's activity (default: the window). */
  activityTarget?: EventTarget;
  /** receivedAt is when the page's response began (local clock); default: now. */
  receivedAt?: number;
  /** logoutForms is the document whose logout forms end the session (default: this one). */
  logoutForms?: Document;
  /** ignoreActivity: events on the countdown itself. */
  ignoreActivity?: (target: EventTarget | null) => boolean;
}

export interface SessionMonitorHandle {
  view: CountdownView;
  extend: () => Promise<void>;
}

/**
 * useSessionMonitor watches a logged-in customer's session (spec 4, session lifecycle): off
 * without a session; otherwise it counts down, extends, and expires with every other tab of
 * this browser.
 */
export function useSessionMonitor(session: Session | null | undefined, setup: MonitorSetup = {}): SessionMonitorHandle {
  const [view, setView] = useState<CountdownView>(OffView);
  const monitor = useRef<SessionMonitor | null>(null);
  const setupRef = useRef(setup);
  setupRef.current = setup;

  useEffect(() => {
    if (!session) {
      setView(OffView);
      return;
    }
    const s = setupRef.current;
    const m = startSessionMonitor({
      session,
      receivedAt: s.receivedAt,
      endpoints: s.endpoints ?? browserEndpoints(document),
      channel: (s.openChannel ?? openTabChannel)(),
      activityTarget: s.activityTarget ?? window,
      ignoreActivity: s.ignoreActivity,
      logoutForms: s.logoutForms ?? document,
    });
    monitor.current = m;
    setView(m.getView());
    const unsubscribe = m.subscribe(setView);
    return () => {
      unsubscribe();
      m.stop();
      monitor.current = null;
    };
  }, [session]);

  const extend = useCallback(() => monitor.current?.extend() ?? Promise.resolve(), []);
  return { view, extend };
}

const noSubscription = () => () => {};

/**
 * useRunningMonitor follows a monitor that is already running (the page's, which
 * mountSessionCountdown starts before the countdown's view is loaded); off without one.
 */
export function useRunningMonitor(monitor: SessionMonitor | undefined): SessionMonitorHandle {
  const subscribe = useCallback((listener: () => void) => (monitor ? monitor.subscribe(listener) : noSubscription()), [monitor]);
  const view = useSyncExternalStore(subscribe, () => monitor?.getView() ?? OffView);
  const extend = useCallback(() => monitor?.extend() ?? Promise.resolve(), [monitor]);
  return { view, extend };
}
