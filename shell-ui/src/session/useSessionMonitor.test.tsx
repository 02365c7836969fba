// Tab sync: two hook instances, as two tabs, over a real BroadcastChannel.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Session } from '../model/shellState.gen.ts';
import { LogoutPath } from './sessionEndpoints.ts';
import { openTabChannel } from './tabChannel.ts';
import { fakeEdge, sessionIn } from './testing/fakeEdge.ts';
import type { FakeEdge } from './testing/fakeEdge.ts';
import { useSessionMonitor } from './useSessionMonitor.ts';

afterEach(() => {
  vi.useRealTimers();
});

function tab(session: Session | null, edge: FakeEdge, channelName: string) {
  // Each tab its own activity and its own document, as in a browser.
  const activity = new EventTarget();
  const page = document.implementation.createHTMLDocument('tab');
  const hook = renderHook(() => useSessionMonitor(session, { endpoints: edge, openChannel: () => openTabChannel(channelName), activityTarget: activity, logoutForms: page }));
  return { hook, activity, edge, page };
}

/** flush lets the channel deliver and the fake clock run on by ms. */
async function flush(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(2);
    });
  }
}

let channelNumber = 0;
function twoTabs(session: Session) {
  // Each test its own channel name: no message crosses into the next test.
  const name = `shellgate-session-test-${(channelNumber += 1)}`;
  return [tab(session, fakeEdge(), name), tab(structuredClone(session), fakeEdge(), name)] as const;
}

describe('useSessionMonitor', () => {
  test('off when logged out: nothing shown, nothing called', async () => {
    const edge = fakeEdge();
    const { hook } = tab(null, edge, 'shellgate-session-off');
    await new Promise((r) => setTimeout(r, 50));
    expect(hook.result.current.view).toMatchObject({ status: 'off', countdown: false });
    expect(edge.calls).toEqual([]);
  });

  test('the same countdown figure in both tabs', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 90));
    await waitFor(() => expect(a.hook.result.current.view.countdown).toBe(true));
    expect(b.hook.result.current.view.countdown).toBe(true);
    expect(Math.abs(a.hook.result.current.view.remainingSeconds - b.hook.result.current.view.remainingSeconds)).toBeLessThanOrEqual(1);
  });

  test('an extension in one tab hides the countdown in the other and confirms there too', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 90));
    await waitFor(() => expect(b.hook.result.current.view.countdown).toBe(true));
    a.edge.extendResult = () => ({ kind: 'ok', session: sessionIn(1200, 1200) });
    await act(() => a.hook.result.current.extend());
    await waitFor(() => expect(b.hook.result.current.view).toMatchObject({ countdown: false, extendedMinutes: 20 }));
    expect(a.hook.result.current.view).toMatchObject({ countdown: false, extendedMinutes: 20 });
    expect(b.edge.calls).toEqual([]);
  });

  test('activity in one tab, reported once, hides the countdown in both', async () => {
    // Only timeouts and the clock are fake: the channel's delivery needs the real event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const [a, b] = twoTabs(sessionIn(3600, 300));
    await flush(200_000);
    expect(a.hook.result.current.view).toMatchObject({ countdown: true });
    expect(b.hook.result.current.view).toMatchObject({ countdown: true });
    act(() => {
      a.activity.dispatchEvent(new Event('touchstart'));
    });
    await flush();
    expect(a.edge.calls).toEqual(['activity']);
    expect(b.edge.calls).toEqual([]);
    expect(a.hook.result.current.view).toMatchObject({ countdown: false, remainingSeconds: 300 });
    expect(b.hook.result.current.view).toMatchObject({ countdown: false, remainingSeconds: 300 });
  });

  test('logging out in one tab sends the other to login', async () => {
    const [a, b] = twoTabs(sessionIn(3600, 3600));
    await waitFor(() => expect(a.hook.result.current.view.status).toBe('running'));
    // The account menu's logout in tab A.
    const form = a.page.createElement('form');
    form.method = 'post';
    form.action = LogoutPath;
    a.page.body.append(form);
    act(() => {
      // The submit event the browser fires (this document has no window to submit in).
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(b.edge.calls).toEqual(['login']));
    expect(a.hook.result.current.view.status).toBe('ended');
    expect(b.hook.result.current.view.status).toBe('ended');
    expect(a.edge.calls).toEqual([]);
  });
});
