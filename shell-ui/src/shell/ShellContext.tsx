import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CurrentLocation } from '../lib/activeLink.ts';

/** ShellSettings are what every shell component may read about the page it is on. */
export interface ShellSettings {
  locale: string;
  /** basePath prefixes relative content links: "" for de-DE, "/en-gb" for en-GB. */
  basePath: string;
  /**
   * serverPath is the request path the first render marks links with: null in the prerender
   * (fragments are the same for every page; the gateway marks links), state.path when
   * hydrating.
   */
  serverPath: string | null;
  /** flags are the feature flags of the request (state.flags); none in the prerender. */
  flags: Readonly<Record<string, boolean>>;
}

const ShellSettingsContext = createContext<ShellSettings>({ locale: 'de-DE', basePath: '', serverPath: null, flags: {} });

export const ShellSettingsProvider = ShellSettingsContext.Provider;

export function useShellSettings(): ShellSettings {
  return useContext(ShellSettingsContext);
}

// Snapshots are strings so React can compare them; "\0" separates the hash, and its absence
// means "the hash does not count yet".
function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

function browserSnapshot(): string {
  return `${window.location.pathname}\0${window.location.hash}`;
}

/**
 * useCurrentLocation is the location the active-link rule compares with. The prerender and
 * the hydration render use the server path alone, exactly as the gateway marked the links;
 * right after hydration React switches to the browser's path plus hash.
 */
export function useCurrentLocation(): CurrentLocation | null {
  const { serverPath, basePath } = useShellSettings();
  const snapshot = useSyncExternalStore(subscribe, browserSnapshot, () => serverPath ?? '');
  if (snapshot === '') return null;
  const cut = snapshot.indexOf('\0');
  return cut < 0 ? { path: snapshot, basePath } : { path: snapshot.slice(0, cut), hash: snapshot.slice(cut + 1), basePath };
}
