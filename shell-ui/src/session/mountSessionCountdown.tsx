import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { ShellState } from '../model/shellState.gen.ts';
import { SessionCountdown } from './SessionCountdown.tsx';

export const SessionMountAttribute = 'session';
export const SessionIdPrefix = 'shell-s';

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
  root.render(<SessionCountdown session={state.session} locale={state.locale} />);
  return root;
}
