import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { fetchEndpoints } from './sessionsEndpoints.ts';
import { SessionsPage } from './SessionsPage.tsx';

/** SessionsMountSelector is the mount of the gateway's account/sessions page. */
export const SessionsMountSelector = '[data-shell="sessions"]';

/**
 * mountSessions fills the sessions page's mount (its own chunk: only that page loads it).
 * loginPath is the locale's login page.
 */
export function mountSessions(mount: Element, locale: string, basePath: string): Root {
  const root = createRoot(mount);
  const loginPath = `${basePath.replace(/\/$/, '')}/login/`;
  root.render(<SessionsPage locale={locale} endpoints={fetchEndpoints()} loginPath={loginPath} navigate={(to) => window.location.assign(to)} />);
  return root;
}
