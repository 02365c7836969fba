import { useId } from 'react';
import { useHydrated } from './useHydrated.ts';

/**
 * useHydratedId is useId once the shell has hydrated, undefined in the prerender and the
 * hydration render. For the id of a region a button controls (aria-controls): before
 * hydration the button does nothing, so its page's HTML needs neither the id nor the reference
 * (two attributes a disclosure, in every page); React adds both right after hydrating, so the
 * names, roles and states are the same as soon as the button works.
 */
export function useHydratedId(): string | undefined {
  const id = useId();
  return useHydrated() ? id : undefined;
}
