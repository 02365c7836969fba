// Customer activity for the idle timer: mouse, keys and touch, counted at most once a second
// (spec 4, spec 9).
import { ActivityThrottleMs } from './lifecycle.ts';

export const ActivityEvents = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;

export interface ActivityOptions {
  now?: () => number;
  /** ignore tells events that are not idle activity, e.g. presses on the countdown itself. */
  ignore?: (target: EventTarget | null) => boolean;
}

/** trackActivity calls onActivity(at) for activity on target, throttled; returns the stop. */
export function trackActivity(target: EventTarget, onActivity: (at: number) => void, options: ActivityOptions = {}): () => void {
  const now = options.now ?? Date.now;
  let last = -Infinity;
  const listener = (ev: Event) => {
    if (options.ignore?.(ev.target)) return;
    const at = now();
    if (at - last < ActivityThrottleMs) return;
    last = at;
    onActivity(at);
  };
  const opts: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ActivityEvents) target.addEventListener(type, listener, opts);
  return () => {
    for (const type of ActivityEvents) target.removeEventListener(type, listener, opts);
  };
}
