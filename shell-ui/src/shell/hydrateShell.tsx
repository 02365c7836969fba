import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { findContentLocale } from '../content/index.ts';
import { FooterIdPrefix, FooterRoot, HeaderIdPrefix, HeaderRoot } from './roots.tsx';
import { needsPublicNav } from './publicNav.ts';
import { footerHidden } from './footerHidden.ts';
import { readShellState } from './readState.ts';
import type { ShellState } from '../model/shellState.gen.ts';
import { startSessionCountdown } from '../session/startSessionCountdown.ts';
import { loadPrivateHeader } from '../header/private/loadPrivateHeader.tsx';
import { loadCountryBanner } from '../market/loadCountryBanner.tsx';

export const HeaderMountSelector = '[data-shell="header"]';
export const FooterMountSelector = '[data-shell="footer"]';

export interface HydrateOptions {
  /** onRecoverableError receives React's hydration mismatches (default: React's own report). */
  onRecoverableError?: (error: unknown) => void;
  /** log receives the one message about a page the shell cannot take over. */
  log?: (message: string) => void;
  /**
   * transition hydrates as a transition: React renders in slices of a few milliseconds and
   * yields to the browser between them, so no task of hydration blocks a phone for long
   * (hydrateLazily.ts). A tap on the page meanwhile hydrates what it needs first.
   */
  transition?: boolean;
  /** onHydrated is called once every present root has hydrated (when data-shell-ready is set). */
  onHydrated?: () => void;
  /**
   * countdown: false leaves the session countdown to the caller (hydrateLazily starts it on its
   * own when idle, without React, and hydrates the header and footer on the first touch).
   */
  countdown?: boolean;
  /** privateState: a loading header's customer, already asked for (the upgrade asks otherwise). */
  privateState?: ShellState;
}

/**
 * hydrateShell takes over the prerendered header and footer of a page. It hydrates each mount
 * that exists with the tree the prerender used for this state (after loading the locale's
 * content chunk), and marks
 * <html data-shell-ready="true"> once every present root has hydrated. With no usable state
 * it changes nothing and logs once.
 */
export async function hydrateShell(doc: Document, options: HydrateOptions = {}): Promise<Root[]> {
  const log = options.log ?? ((m: string) => console.warn(`shell: ${m}`));
  const read = readShellState(doc);
  if (!read.ok) {
    log(`${read.reason}; the shell stays as the server rendered it`);
    return [];
  }
  const { state } = read;
  const contentLocale = findContentLocale(state.locale);
  if (!contentLocale) {
    log(`no shell content for locale ${state.locale}; the shell stays as the server rendered it`);
    return [];
  }
  // Started beside the content chunks: a private header needs both, and they load in parallel.
  const contentLoad = contentLocale.load({ publicNav: needsPublicNav(state, contentLocale.locale) });
  const privateHeaderLoad = loadPrivateHeader(state, contentLoad, log);
  const countryBannerLoad = loadCountryBanner(state.banner, state.path, contentLoad, log);
  let content;
  try {
    content = await contentLoad;
  } catch (err) {
    log(`cannot load the shell content of ${state.locale} (${(err as Error).message}); the shell stays as the server rendered it`);
    return [];
  }

  // A private header and a country banner need their own chunks first; if one fails to load,
  // the header stays as the edge rendered it (a tree without it would not match).
  const [privateHeader, countryBanner] = await Promise.all([privateHeaderLoad, countryBannerLoad]);
  const headerMount = privateHeader === null || countryBanner === null ? null : doc.querySelector(HeaderMountSelector);
  const footerMount = footerHidden(state) ? null : doc.querySelector(FooterMountSelector);
  let waiting = (headerMount ? 1 : 0) + (footerMount ? 1 : 0);
  const onReady = () => {
    waiting -= 1;
    if (waiting === 0) {
      doc.documentElement.dataset.shellReady = 'true';
      options.onHydrated?.();
    }
  };
  const hydrate: typeof hydrateRoot = options.transition
    ? (container, children, rootOptions) => {
        let root: Root | undefined;
        startTransition(() => {
          root = hydrateRoot(container, children, rootOptions);
        });
        return root!;
      }
    : hydrateRoot;
  const rootOptions = (identifierPrefix: string) =>
    options.onRecoverableError ? { identifierPrefix, onRecoverableError: options.onRecoverableError } : { identifierPrefix };

  const roots: Root[] = [];
  if (headerMount) {
    const headerRoot = hydrate(
      headerMount,
      <HeaderRoot content={content} variant={state.headerVariant} basePath={state.basePath} serverPath={state.path} flags={state.flags ?? undefined} countryBanner={countryBanner} privateHeader={privateHeader} onReady={onReady} />,
      rootOptions(HeaderIdPrefix),
    );
    roots.push(headerRoot);
    // A loading header (customer data slower than the edge's budget) becomes the private
    // header once /_shell/state has the customer; only customers' pages load that code.
    if (state.headerVariant === 'loading' && state.isLoggedIn) {
      void import('../header/private/upgradeLoadingHeader.tsx')
        .then((m) => m.upgradeLoadingHeader(state, content, log, undefined, options.privateState))
        .then((next) => {
          if (!next) return;
          const { flags, basePath, path } = next.state;
          headerRoot.render(<HeaderRoot content={content} variant={next.state.headerVariant} basePath={basePath} serverPath={path} flags={flags ?? undefined} countryBanner={countryBanner} privateHeader={next.tree} />);
        }, (err: unknown) => log(`cannot load the private header (${(err as Error).message}); the header stays without the customer`));
    }
  }
  if (footerMount) {
    roots.push(
      hydrate(
        footerMount,
        <FooterRoot content={content} designVersion={state.designVersion} year={state.year} basePath={state.basePath} serverPath={state.path} flags={state.flags ?? undefined} onReady={onReady} />,
        rootOptions(FooterIdPrefix),
      ),
    );
  }
  // The session countdown: its own chunk and mount, for logged-in customers only.
  if (options.countdown !== false) void startSessionCountdown(doc, state, log);
  // The account/sessions page's list (ASVS 3.3.4): its own chunk, on that page only.
  const sessionsMount = doc.querySelector('[data-shell="sessions"]');
  if (sessionsMount && state.isLoggedIn) {
    void import('../sessions/mountSessions.tsx').then(
      (m) => m.mountSessions(sessionsMount, state.locale, state.basePath),
      (err: unknown) => log(`cannot load the sessions page (${(err as Error).message})`),
    );
  }
  if (waiting === 0) log('no header or footer mount in the page');
  return roots;
}
