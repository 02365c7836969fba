import type { ReactNode } from 'react';
import type { LocaleContent } from '../../model/content.ts';
import type { ShellState } from '../../model/shellState.gen.ts';
import { loadPrivateHeader } from './loadPrivateHeader.tsx';
import { fetchPrivateState } from './fetchPrivateState.ts';
import type { StateSource } from './fetchPrivateState.ts';

export { StateEndpoint, StateAttempts, StateRetryDelay, stateURL, isSameSitePath, fetchPrivateState } from './fetchPrivateState.ts';
export type { StateSource } from './fetchPrivateState.ts';

/**
 * upgradeLoadingHeader gives the private header that replaces a loading header, with the
 * state it was made from (known: already asked for, shell/hydrateLazily.ts); null when there
 * is none to show (the loading header then stays: logo only, which is the spec's degraded header).
 */
export async function upgradeLoadingHeader(
  state: ShellState,
  content: LocaleContent,
  log: (message: string) => void,
  source?: StateSource,
  known?: ShellState,
): Promise<{ state: ShellState; tree: ReactNode } | null> {
  if (state.headerVariant !== 'loading' || !state.isLoggedIn) return null;
  const next = known ?? (await fetchPrivateState(source));
  if (!next) {
    log('the customer data did not arrive; the header stays without it');
    return null;
  }
  const tree = await loadPrivateHeader(next, content, log);
  return tree ? { state: next, tree } : null;
}
