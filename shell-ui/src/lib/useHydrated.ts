import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * useHydrated is false in the prerender and in the hydration render, true right after. What
 * depends on the request but not on anything the gateway writes into a fragment (feature
 * flags) waits for it, so hydration still matches the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
