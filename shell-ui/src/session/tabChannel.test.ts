import { afterEach, describe, expect, test, vi } from 'vitest';
import { openTabChannel } from './tabChannel.ts';
import type { TabMessage } from './tabChannel.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('openTabChannel', () => {
  test('BroadcastChannel: a message reaches the other tab, not the sender', async () => {
    const a = openTabChannel('shellgate-session-channel-test');
    const b = openTabChannel('shellgate-session-channel-test');
    const gotA: TabMessage[] = [];
    const gotB: TabMessage[] = [];
    a.subscribe((m) => gotA.push(m));
    b.subscribe((m) => gotB.push(m));
    a.post({ type: 'activity-reported', at: 42 });
    await vi.waitFor(() => expect(gotB).toEqual([{ type: 'activity-reported', at: 42 }]));
    expect(gotA).toEqual([]);
    a.close();
    b.close();
  });

  test('without BroadcastChannel the storage event carries messages, equal ones twice', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const channel = openTabChannel('shellgate-session');
    const got: TabMessage[] = [];
    channel.subscribe((m) => got.push(m));

    // What this tab writes, the browser fires as a storage event in the other tabs.
    channel.post({ type: 'shown' });
    const first = localStorage.getItem('shellgate-session');
    channel.post({ type: 'shown' });
    const second = localStorage.getItem('shellgate-session');
    expect(second).not.toBe(first);

    for (const newValue of [first, second, 'not json', JSON.stringify({ message: 7 })]) {
      window.dispatchEvent(new StorageEvent('storage', { key: 'shellgate-session', newValue }));
    }
    window.dispatchEvent(new StorageEvent('storage', { key: 'another-key', newValue: first }));
    expect(got).toEqual([{ type: 'shown' }, { type: 'shown' }]);
    channel.close();
  });
});
