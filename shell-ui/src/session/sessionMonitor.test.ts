// The session lifecycle of spec 4, rule by rule, with fake timers: each row is a session, what
// the customer and time do, and what the customer and the edge then see.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Session } from '../model/shellState.gen.ts';
import { startSessionMonitor } from './sessionMonitor.ts';
import type { CountdownView, SessionMonitor } from './sessionMonitor.ts';
import { aloneChannel, fakeEdge, linkedChannels, sessionIn, sharedClaim } from './testing/fakeEdge.ts';
import type { FakeEdge } from './testing/fakeEdge.ts';
import type { TabChannel } from './tabChannel.ts';
import type { TabClaim } from './tabClaim.ts';

type Step =
  | { wait: number }
  | { activity: true }
  | { extend: true }
  | { edge: (edge: FakeEdge) => void }
  | { see: Partial<CountdownView> }
  | { events: string[] }
  | { calls: string[] };

interface Case {
  name: string;
  session: () => Session;
  steps: Step[];
}

let monitors: SessionMonitor[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
});

afterEach(() => {
  for (const m of monitors) m.stop();
  monitors = [];
  vi.useRealTimers();
});

function start(session: Session, edge: FakeEdge, channel: TabChannel = aloneChannel(), jitterMs = 0, claim: TabClaim = sharedClaim()) {
  const activity = new EventTarget();
  const monitor = startSessionMonitor({ session, endpoints: edge, channel, activityTarget: activity, jitter: () => jitterMs, claim });
  monitors.push(monitor);
  return { monitor, activity };
}

const cases: Case[] = [
  {
    name: 'the countdown appears at 120 s idle left, with one shown event, and counts down',
    session: () => sessionIn(3600, 125),
    steps: [
      { see: { status: 'running', countdown: false, remainingSeconds: 125 } },
      { wait: 4_000 },
      { see: { countdown: false, remainingSeconds: 121 } },
      { events: [] },
      { wait: 1_000 },
      { see: { countdown: true, remainingSeconds: 120, canExtend: true } },
      { wait: 30_000 },
      { see: { countdown: true, remainingSeconds: 90 } },
      { events: ['shown'] },
    ],
  },
  {
    name: 'clock skew: an edge 1 h ahead of the browser gives the same countdown',
    session: () => sessionIn(3600, 125, {}, 3_600_000),
    steps: [{ see: { countdown: false, remainingSeconds: 125 } }, { wait: 5_000 }, { see: { countdown: true, remainingSeconds: 120 } }],
  },
  {
    name: 'remaining time is the lower of idle and token: a token without automatic extension counts',
    session: () => sessionIn(100, 600, { autoExtend: false }),
    steps: [{ see: { countdown: true, remainingSeconds: 100, canExtend: true } }, { calls: [] }],
  },
  {
    name: 'webview: only the token counts, idleness does not end the session',
    session: () => sessionIn(500, 50, { webview: true }),
    steps: [{ wait: 60_000 }, { see: { status: 'running', countdown: false, remainingSeconds: 440 } }, { calls: [] }],
  },
  {
    name: 'token at 120 s with automatic extension: extended once, reported, no countdown',
    session: () => sessionIn(130, 600),
    steps: [
      { wait: 9_000 },
      { calls: [] },
      { wait: 1_000 },
      { calls: ['extend'] },
      { events: ['extended-automatically'] },
      { see: { countdown: false, remainingSeconds: 300 } },
      { wait: 60_000 },
      { calls: ['extend'] },
    ],
  },
  {
    name: 'a failed automatic extension is not retried for that token; the countdown shows instead',
    session: () => sessionIn(110, 600),
    steps: [
      { edge: (e) => (e.extendResult = () => ({ kind: 'failed' })) },
      { wait: 1_000 },
      { see: { countdown: true, remainingSeconds: 109 } },
      { wait: 20_000 },
      { calls: ['extend'] },
      { events: ['shown'] },
    ],
  },
  {
    name: 'extension not offered (short session, stop refreshing): no button, no automatic extension',
    session: () => sessionIn(100, 600, { canExtend: false, lengthSeconds: 120 }),
    steps: [{ see: { countdown: true, canExtend: false } }, { wait: 10_000 }, { calls: [] }],
  },
  {
    name: 'near the maximum lifetime: the countdown shows without the button, and nothing extends',
    session: () => sessionIn(130, 600, { absoluteExpiresAt: Date.now() + 100_000 }),
    steps: [{ wait: 1_000 }, { see: { countdown: true, canExtend: false, remainingSeconds: 99 } }, { wait: 20_000 }, { calls: [] }],
  },
  {
    name: 'manual extension hides the countdown and confirms the minutes for 5 s',
    session: () => sessionIn(3600, 60),
    steps: [
      { wait: 1_000 },
      { see: { countdown: true } },
      { edge: (e) => (e.extendResult = () => ({ kind: 'ok', session: sessionIn(900, 900) })) },
      { extend: true },
      { see: { countdown: false, extendedMinutes: 15, extending: false } },
      // The press is activity: the extension says so, and the report goes beside it.
      { calls: ['extend:customer', 'activity'] },
      { events: ['shown', 'extended'] },
      { wait: 4_900 },
      { see: { extendedMinutes: 15 } },
      { wait: 100 },
      { see: { extendedMinutes: null, countdown: false } },
    ],
  },
  {
    name: 'at 0: expired is reported, the monitor stops, logout runs and the customer goes to login',
    session: () => sessionIn(3600, 3),
    steps: [
      { wait: 2_000 },
      { see: { status: 'running', remainingSeconds: 1 } },
      { wait: 1_000 },
      { see: { status: 'ended', countdown: false } },
      { events: ['shown', 'expired', 'logout-succeeded'] },
      { calls: ['logout:expired', 'login:expired'] },
      { wait: 60_000 },
      { calls: ['logout:expired', 'login:expired'] },
    ],
  },
  {
    name: 'extension answered 401 (session gone at the edge): expired, to login',
    session: () => sessionIn(3600, 60),
    steps: [
      { edge: (e) => (e.extendResult = () => ({ kind: 'ended' })) },
      { extend: true },
      { see: { status: 'ended' } },
      { calls: ['extend:customer', 'activity', 'logout:expired', 'login:expired'] },
    ],
  },
  {
    name: 'activity is reported at most every 30 s, and the report keeps the countdown away',
    session: () => sessionIn(3600, 140),
    steps: [
      { activity: true },
      { calls: [] },
      { wait: 10_000 },
      { activity: true },
      { wait: 500 },
      { activity: true },
      { calls: [] },
      { wait: 19_500 },
      { calls: ['activity'] },
      { wait: 60_000 },
      // Idle timeout 140 s from the report at 30 s: 170 - 90 = 80 s... minus the 60 s waited.
      { see: { countdown: true, remainingSeconds: 80 } },
    ],
  },
  {
    name: 'activity while the countdown shows is reported at once and hides it',
    session: () => sessionIn(3600, 130),
    steps: [{ wait: 20_000 }, { see: { countdown: true, remainingSeconds: 110 } }, { activity: true }, { calls: ['activity'] }, { see: { countdown: false, remainingSeconds: 130 } }],
  },
  {
    name: 'activity answered 401: the session is gone, to login',
    session: () => sessionIn(3600, 100),
    steps: [{ edge: (e) => (e.activityResult = 'ended') }, { activity: true }, { see: { status: 'ended' } }, { calls: ['activity', 'logout:expired', 'login:expired'] }],
  },
];

describe('session lifecycle', () => {
  test.each(cases)('$name', async ({ session, steps }) => {
    const edge = fakeEdge();
    const { monitor, activity } = start(session(), edge);
    // settle lets what a step set off run: timers set while timers run wait at least 1 ms.
    const settle = () => vi.advanceTimersByTimeAsync(2);
    for (const step of steps) {
      if ('wait' in step) {
        await vi.advanceTimersByTimeAsync(step.wait);
        await settle();
      } else if ('activity' in step) {
        activity.dispatchEvent(new Event('mousemove'));
        await settle();
      } else if ('extend' in step) {
        await monitor.extend();
        await settle();
      } else if ('edge' in step) step.edge(edge);
      else if ('see' in step) expect(monitor.getView()).toMatchObject(step.see);
      else if ('events' in step) expect(edge.events).toEqual(step.events);
      else expect(edge.calls).toEqual(step.calls);
    }
  });
});

describe('clock', () => {
  test('the skew leaves out the page’s load time: the response began 3 s before the script ran', () => {
    const session = sessionIn(3600, 100);
    const edge = fakeEdge();
    const monitor = startSessionMonitor({ session, receivedAt: Date.now() - 3_000, endpoints: edge, channel: aloneChannel(), jitter: () => 0 });
    monitors.push(monitor);
    expect(monitor.getView().remainingSeconds).toBe(97);
  });
});

describe('a page back from the back/forward cache', () => {
  function restored(edge: FakeEdge, session: Session) {
    const monitor = startSessionMonitor({ session, endpoints: edge, channel: aloneChannel(), logoutForms: document, jitter: () => 0 });
    monitors.push(monitor);
    return monitor;
  }

  test('asks the edge again and takes the newer timing', async () => {
    const edge = fakeEdge();
    const monitor = restored(edge, sessionIn(3600, 100));
    expect(monitor.getView().countdown).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    edge.stateResult = () => ({ kind: 'ok', session: sessionIn(3600, 300) });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.advanceTimersByTimeAsync(2);
    expect(edge.calls).toEqual(['state']);
    expect(monitor.getView()).toMatchObject({ countdown: false, remainingSeconds: 300 });
  });

  test('a session that ended meanwhile: to login', async () => {
    const edge = fakeEdge();
    const monitor = restored(edge, sessionIn(3600, 300));
    edge.stateResult = () => ({ kind: 'ended' });
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await vi.advanceTimersByTimeAsync(2);
    expect(monitor.getView().status).toBe('ended');
    expect(edge.calls).toEqual(['state', 'login']);
  });

  test('an ordinary page show asks nothing', async () => {
    const edge = fakeEdge();
    restored(edge, sessionIn(3600, 300));
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    await vi.advanceTimersByTimeAsync(2);
    expect(edge.calls).toEqual([]);
  });
});

describe('two tabs', () => {
  /**
   * twoTabs starts two tabs of one browser. By default tab B waits a little longer before it
   * acts: it hears that A did and stands down. Racing, both act at the same moment and their
   * messages take 50 ms: neither hears of the other in time, and only the claim keeps the act
   * single.
   */
  async function twoTabs(session: Session, racing = false) {
    const [a, b] = racing ? linkedChannels(50) : linkedChannels();
    const bJitterMs = racing ? 0 : 150;
    const claim = sharedClaim();
    const edgeA = fakeEdge();
    const edgeB = fakeEdge();
    const tabA = start(session, edgeA, a, 0, claim);
    const tabB = start(structuredClone(session), edgeB, b, bJitterMs, claim);
    return { edgeA, edgeB, tabA, tabB };
  }

  test('activity reported in one tab keeps the countdown away in the other', async () => {
    const { edgeA, edgeB, tabA, tabB } = await twoTabs(sessionIn(3600, 150));
    await vi.advanceTimersByTimeAsync(30_000);
    tabA.activity.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(29_000);
    // Without A's report B would be at 91 s, counting down.
    expect(edgeA.calls).toEqual(['activity']);
    expect(edgeB.calls).toEqual([]);
    expect(tabA.monitor.getView()).toMatchObject({ countdown: false, remainingSeconds: 121 });
    expect(tabB.monitor.getView()).toMatchObject({ countdown: false, remainingSeconds: 121 });
  });

  test('a manual extension in one tab hides the countdown and confirms in both', async () => {
    const { edgeA, edgeB, tabA, tabB } = await twoTabs(sessionIn(3600, 100));
    expect(tabB.monitor.getView().countdown).toBe(true);
    edgeA.extendResult = () => ({ kind: 'ok', session: sessionIn(600, 600) });
    await vi.advanceTimersByTimeAsync(500);
    await tabA.monitor.extend();
    await vi.advanceTimersByTimeAsync(2);
    for (const tab of [tabA, tabB]) expect(tab.monitor.getView()).toMatchObject({ countdown: false, extendedMinutes: 10, remainingSeconds: 600 });
    expect(edgeB.calls).toEqual([]);
    // One shown event between the two tabs, one extended event.
    expect([...edgeA.events, ...edgeB.events].sort()).toEqual(['extended', 'shown']);
  });

  test('one automatic extension for both tabs', async () => {
    const { edgeA, edgeB, tabA, tabB } = await twoTabs(sessionIn(125, 600));
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...edgeA.calls, ...edgeB.calls]).toEqual(['extend']);
    expect([...edgeA.events, ...edgeB.events]).toEqual(['extended-automatically']);
    expect(tabA.monitor.getView().remainingSeconds).toBe(tabB.monitor.getView().remainingSeconds);
  });

  test('a tab opened while the countdown shows does not report it again', async () => {
    const [a, b] = linkedChannels();
    const edgeA = fakeEdge();
    const edgeB = fakeEdge();
    const session = sessionIn(3600, 100);
    start(session, edgeA, a, 0);
    await vi.advanceTimersByTimeAsync(5_000);
    const tabB = start(structuredClone(session), edgeB, b, 150);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tabB.monitor.getView().countdown).toBe(true);
    expect(edgeA.events).toEqual(['shown']);
    expect(edgeB.events).toEqual([]);
  });

  test('a tab opened later brings its timing: both show one figure', async () => {
    const [a, b] = linkedChannels();
    const session = sessionIn(3600, 100);
    const tabA = start(session, fakeEdge(), a, 0);
    await vi.advanceTimersByTimeAsync(2_000);
    // B's page measured its skew 1.5 s off (a slow load): it shows 1.5 s more than A would.
    const later = { ...session, serverTime: Date.now() };
    const tabB = startSessionMonitor({ session: later, receivedAt: Date.now() + 1_500, endpoints: fakeEdge(), channel: b, jitter: () => 150 });
    monitors.push(tabB);
    await vi.advanceTimersByTimeAsync(10);
    expect(tabA.monitor.getView().remainingSeconds).toBe(tabB.getView().remainingSeconds);
  });

  test.each([
    { name: 'B later', racing: false },
    { name: 'both at the same moment', racing: true },
  ])('expiry ($name): both tabs leave for login, the event is reported once', async ({ racing }) => {
    const { edgeA, edgeB, tabA, tabB } = await twoTabs(sessionIn(3600, 5), racing);
    await vi.advanceTimersByTimeAsync(5_500);
    expect(tabA.monitor.getView().status).toBe('ended');
    expect(tabB.monitor.getView().status).toBe('ended');
    expect([...edgeA.events, ...edgeB.events].filter((e) => e === 'expired')).toEqual(['expired']);
    expect([...edgeA.calls, ...edgeB.calls].filter((c) => c.startsWith('logout'))).toEqual(['logout:expired']);
    expect([...edgeA.calls, ...edgeB.calls].filter((c) => c.startsWith('login'))).toEqual(['login:expired', 'login:expired']);
  });

  test('automatic extension at the same moment in both tabs: one refresh', async () => {
    const { edgeA, edgeB } = await twoTabs(sessionIn(125, 600), true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...edgeA.calls, ...edgeB.calls]).toEqual(['extend']);
    expect([...edgeA.events, ...edgeB.events]).toEqual(['extended-automatically']);
  });
});
