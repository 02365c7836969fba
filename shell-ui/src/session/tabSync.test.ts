// Tab sync: two page monitors, as two tabs, over a real BroadcastChannel.
import { waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Session } from '../model/shellState.gen.ts';
import { LogoutPath } from './sessionEndpoints.ts';
import { startSessionMonitor } from './sessionMonitor.ts';
import type { SessionMonitor } from './sessionMonitor.ts';
import { openTabChannel } from './tabChannel.ts';
import { fakeEdge, sessionIn } from './testing/fakeEdge.ts';
import type { FakeEdge } from './testing/fakeEdge.ts';

const monitors: SessionMonitor[] = [];
afterEach(() => {
  for (const m of monitors.splice(0)) m.stop();
  vi.useRealTimers();
});

function tab(session: Session, edge: FakeEdge, channelName: string) {
  // Each tab its own activity and its own document, as in a browser.
  const activity = new EventTarget();
  const page = document.implementation.createHTMLDocument('tab');
  const monitor = startSessionMonitor({ session, endpoints: edge, channel: openTabChannel(channelName), activityTarget: activity, logoutForms: page });
  monitors.push(monitor);
  return { monitor, activity, edge, page };
}

/** flush lets the channel deliver and the fake clock run on by ms. */
async function flush(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i += 1) {
    await new Promise((r) => setImmediate(r));
    await vi.advanceTimersByTimeAsync(2);
  }
}

let channelNumber = 0;
function twoTabs(session: Session) {
  // Each test its own channel name: no message crosses into the next test.
  const name = `shellgate-session-test-${(channelNumber += 1)}`;
  return [tab(session, fakeEdge(), name), tab(structuredClone(session), fakeEdge(), name)] as const;
}

describe('the page monitors of two tabs', () => {
  test('the same countdown figure in both tabs', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 90));
    await waitFor(() => expect(a.monitor.getView().countdown).toBe(true));
    expect(b.monitor.getView().countdown).toBe(true);
    expect(Math.abs(a.monitor.getView().remainingSeconds - b.monitor.getView().remainingSeconds)).toBeLessThanOrEqual(1);
  });

  test('an extension in one tab hides the countdown in the other and confirms there too', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 90));
    await waitFor(() => expect(b.monitor.getView().countdown).toBe(true));
    a.edge.extendResult = () => ({ kind: 'ok', session: sessionIn(1200, 1200) });
    await a.monitor.extend();
    await waitFor(() => expect(b.monitor.getView()).toMatchObject({ countdown: false, extendedMinutes: 20 }));
    expect(a.monitor.getView()).toMatchObject({ countdown: false, extendedMinutes: 20 });
    expect(b.edge.calls).toEqual([]);
  });

  test('activity in one tab, reported once, hides the countdown in both', async () => {
    // Only timeouts and the clock are fake: the channel's delivery needs the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const [a, b] = twoTabs(sessionIn(3600, 300));
    await flush(200_000);
    expect(a.monitor.getView()).toMatchObject({ countdown: true });
    expect(b.monitor.getView()).toMatchObject({ countdown: true });
    a.activity.dispatchEvent(new Event('touchstart'));
    await flush();
    expect(a.edge.calls).toEqual(['activity']);
    expect(b.edge.calls).toEqual([]);
    expect(a.monitor.getView()).toMatchObject({ countdown: false, remainingSeconds: 300 });
    expect(b.monitor.getView()).toMatchObject({ countdown: false, remainingSeconds: 300 });
  });

  test('logging out in one tab sends the other to login', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 3600));
    await waitFor(() => expect(a.monitor.getView().status).toBe('running'));
    // The account menu's logout in tab A.
    const form = a.page.createElement('form');
    form.method = 'post';
    form.action = LogoutPath;
    a.page.body.append(form);
    // The submit event the browser fires (this document has no window to submit in).
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    await waitFor(() => expect(b.edge.calls).toEqual(['login']));
    expect(a.monitor.getView().status).toBe('ended');
    expect(b.monitor.getView().status).toBe('ended');
    expect(a.edge.calls).toEqual([]);
  });
});
