import type { ShellState } from '../model/shellState.gen.ts';
import { WarningMs } from './lifecycle.ts';
import { loadSessionEnd } from './loadSessionEnd.ts';
import { browserEndpoints } from './sessionEndpoints.ts';
import { startSessionMonitor } from './sessionMonitor.ts';
import type { CountdownView, SessionMonitor } from './sessionMonitor.ts';
import { openTabChannel } from './tabChannel.ts';

export const SessionMountAttribute = 'session';

/**
 * ViewLeadSeconds: the countdown's view (its dialog, texts and live regions) loads this long
 * before the countdown can show, so its live regions are in the page before they speak.
 */
export const ViewLeadSeconds = 60;

/**
 * pageReceivedAt is when the page's response began: the edge made the state just before, so
 * the skew it measures leaves out the time the page and its scripts took to load.
 */
function pageReceivedAt(): number {
  const nav = typeof performance.getEntriesByType === 'function' ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined) : undefined;
  return nav && nav.responseStart > 0 ? performance.timeOrigin + nav.responseStart : Date.now();
}

/** viewDue tells whether the countdown's view must be in the page now. */
export function viewDue(view: CountdownView): boolean {
  return view.status === 'running' && (view.countdown || view.extendedMinutes !== null || view.remainingSeconds <= WarningMs / 1000 + ViewLeadSeconds);
}

/**
 * loadCountdownView brings the countdown's view (no React: countdownView.ts), evaluated in a
 * task of its own, and gives it in a later one, where it first renders (nextTask).
 */
export async function loadCountdownView(nextTask: (then: () => void) => void = (then) => setTimeout(then)) {
  const view = await import('./countdownView.ts');
  await new Promise<void>((r) => nextTask(r));
  return view;
}

/** SessionCountdownHandle stops the page's monitor and removes its countdown. */
export interface SessionCountdownHandle {
  monitor: SessionMonitor;
  unmount: () => void;
}

/**
 * mountSessionCountdown starts the page's session monitor (spec 4, session lifecycle) and gives
 * the countdown a mount of its own, first in the body so the keyboard reaches it early. The
 * countdown's view is a chunk of its own, loaded once it is due (viewDue): most pages end
 * before their session nears its end. It is not part of the prerendered fragments: no
 * customer's session is ever in a shared fragment, and nothing needs to hydrate.
 */
export function mountSessionCountdown(doc: Document, state: ShellState, log: (message: string) => void = (m) => console.warn(`shell: ${m}`)): SessionCountdownHandle | null {
  if (!state.isLoggedIn || !state.session) return null;
  // The mount comes with the view (viewDue): a node put first in the body restyles the page
  // after it, a long task on a slow phone that a page far from its session's end need not run.
  let countdownMount: HTMLElement | null = doc.querySelector<HTMLElement>(`[data-shell="${SessionMountAttribute}"]`);
  const mountWhenDue = () => {
    if (countdownMount) return countdownMount;
    countdownMount = doc.createElement('div');
    countdownMount.dataset.shell = SessionMountAttribute;
    doc.body.prepend(countdownMount);
    return countdownMount;
  };
  const monitor = startSessionMonitor({
    session: state.session,
    receivedAt: pageReceivedAt(),
    endpoints: browserEndpoints(doc),
    channel: openTabChannel(),
    activityTarget: doc.defaultView,
    // The countdown has its own button: pressing it is not activity to report.
    ignoreActivity: (target) => target instanceof Node && countdownMount !== null && countdownMount.contains(target),
    logoutForms: doc,
  });
  let hide: (() => void) | null = null;
  let due = false;
  let stopped = false;
  const showWhenDue = (view: CountdownView) => {
    if (due || !viewDue(view)) return;
    due = true;
    const mount = mountWhenDue();
    // The countdown's calls (extend, logout, tracking) come with its view, before it shows;
    // a failed download is tried again when one is needed.
    void loadSessionEnd().catch(() => {});
    void loadCountdownView().then(
      ({ showCountdown }) => {
        if (!stopped) hide = showCountdown(mount, monitor, state.locale);
      },
      (err: unknown) => log(`cannot load the session countdown (${(err as Error).message}); the session still ends at the edge`),
    );
  };
  const unsubscribe = monitor.subscribe(showWhenDue);
  showWhenDue(monitor.getView());
  return {
    monitor,
    unmount: () => {
      stopped = true;
      unsubscribe();
      monitor.stop();
      hide?.();
    },
  };
}
