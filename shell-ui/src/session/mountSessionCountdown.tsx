import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { ShellState } from '../model/shellState.gen.ts';
import { SessionCountdown } from './SessionCountdown.tsx';

export const SessionMountAttribute = 'session';
export const SessionIdPrefix = 'shell-s';

/**
 * pageReceivedAt is when the page's response began: the edge made the state just before, so
 * the skew it measures leaves out the time the page and its scripts took to load.
 */
function pageReceivedAt(): number {
  const nav = typeof performance.getEntriesByType === 'function' ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined) : undefined;
  return nav && nav.responseStart > 0 ? performance.timeOrigin + nav.responseStart : Date.now();
}

/**
 * mountSessionCountdown renders the countdown into a mount of its own, first in the body so
 * the keyboard reaches it early. It is not part of the prerendered fragments: no customer's
 * session is ever in a shared fragment, and nothing needs to hydrate.
 */
export function mountSessionCountdown(doc: Document, state: ShellState): Root | null {
  if (!state.isLoggedIn || !state.session) return null;
  let mount = doc.querySelector<HTMLElement>(`[data-shell="${SessionMountAttribute}"]`);
  if (!mount) {
    mount = doc.createElement('div');
    mount.dataset.shell = SessionMountAttribute;
    doc.body.prepend(mount);
  }
  const root = createRoot(mount, { identifierPrefix: SessionIdPrefix });
  root.render(<SessionCountdown session={state.session} locale={state.locale} receivedAt={pageReceivedAt()} />);
  return root;
}
