// Tabs of one browser share one session (one cookie): what happens to it in one tab is sent
// to the others, so every tab shows the same countdown and leaves together.
import type { SessionTiming } from './lifecycle.ts';

export const TabChannelName = 'shellgate-session';

/** TabMessage is what one tab tells the others about the session. */
export type TabMessage =
  /** The edge heard of activity at `at` (local clock). */
  | { type: 'activity-reported'; at: number }
  /** The session has a new timing (after an extension); extendedMinutes for a manual one. */
  | { type: 'timing'; timing: SessionTiming; extendedMinutes?: number }
  /** The countdown appeared and its 'shown' event went out. */
  | { type: 'shown' }
  /**
   * A tab opened, with its page's timing. The others take it when it is newer and answer
   * with theirs (and 'shown' while the countdown shows), so every tab has one timing.
   */
  | { type: 'hello'; timing: SessionTiming }
  /** This tab is refreshing the token named tokenId automatically. */
  | { type: 'auto-extending'; tokenId: number }
  /** That automatic refresh failed: the countdown shows instead. */
  | { type: 'auto-extend-failed'; tokenId: number }
  /** The session ended: it expired, or the customer logged out. */
  | { type: 'ended'; reason: 'expired' | 'logout' };

/** TabChannel carries TabMessages to the other tabs of this origin (never back to the sender). */
export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
  close(): void;
}

function isTabMessage(v: unknown): v is TabMessage {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

/**
 * openTabChannel uses BroadcastChannel, or where there is none the storage event (fired in
 * the other tabs when one writes localStorage). Without either, tabs stay on their own.
 */
export function openTabChannel(name: string = TabChannelName): TabChannel {
  if (typeof BroadcastChannel === 'function') return broadcastTabChannel(name);
  try {
    if (typeof localStorage !== 'undefined' && typeof window !== 'undefined') return storageTabChannel(name);
  } catch {
    // localStorage can throw when storage is disabled.
  }
  return { post() {}, subscribe: () => () => {}, close() {} };
}

function broadcastTabChannel(name: string): TabChannel {
  const channel = new BroadcastChannel(name);
  const listeners = new Set<(m: TabMessage) => void>();
  channel.onmessage = (ev: MessageEvent) => {
    if (!isTabMessage(ev.data)) return;
    for (const l of [...listeners]) l(ev.data);
  };
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // Closed: nobody to tell.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      channel.close();
    },
  };
}

function storageTabChannel(name: string): TabChannel {
  const listeners = new Set<(m: TabMessage) => void>();
  const onStorage = (ev: StorageEvent) => {
    if (ev.key !== name || !ev.newValue) return;
    let parsed: unknown;
    try {
      parsed = (JSON.parse(ev.newValue) as { message?: unknown }).message;
    } catch {
      return;
    }
    if (!isTabMessage(parsed)) return;
    for (const l of [...listeners]) l(parsed);
  };
  window.addEventListener('storage', onStorage);
  let sequence = 0;
  return {
    post(message) {
      try {
        // A storage event fires only on a change: the sequence and a random part make two
        // equal messages two changes.
        sequence += 1;
        localStorage.setItem(name, JSON.stringify({ message, n: `${sequence}-${Math.random()}` }));
      } catch {
        // Storage full or disabled.
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      window.removeEventListener('storage', onStorage);
    },
  };
}
