// The shell hydrates late (hydrateLazily.ts): a tap before React has taken over still opens the
// menu, once; a page runs no shell code until touched, but a customer's session countdown when idle.
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hydrateLazily, pageChunks, preloadShellCode } from './hydrateLazily.ts';
import type { HydrateOptions } from './hydrateShell.tsx';
import type { ShellState } from '../model/shellState.gen.ts';

function Menu() {
  const [open, setOpen] = useState(false);
  return (
    <header>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Menü
      </button>
      <a href="/festgeld/">Festgeld</a>
    </header>
  );
}

function page(loggedIn = false, headerVariant = 'public') {
  const state = { locale: 'de-DE', basePath: '', designVersion: 'v1', headerVariant, path: '/', year: 2026, isLoggedIn: loggedIn };
  document.body.innerHTML = `<div data-shell="header">${renderToString(<Menu />)}</div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script>`;
}

/** A stand-in for the hydration chunk: hydrates the menu once its code "arrived" (release()). */
function slowChunk() {
  const seen: HydrateOptions[] = [];
  let release: () => void = () => {};
  const arrived = new Promise<void>((r) => (release = r));
  const load = vi.fn(async () => {
    await arrived;
    return {
      hydrateShell: async (doc: Document, options: HydrateOptions) => {
        seen.push(options);
        const mount = doc.querySelector('[data-shell="header"]')!;
        const Ready = () => {
          useState(() => queueMicrotask(() => options.onHydrated?.()));
          return <Menu />;
        };
        hydrateRoot(mount, <Ready />);
        return [{}];
      },
    };
  });
  return { load, release, seen };
}

const button = () => document.querySelector('button')!;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('hydrateLazily', () => {
  test('a tap on a menu button before the code has arrived opens the menu once it has', async () => {
    page();
    const { load, release } = slowChunk();
    hydrateLazily(document, { load, whenIdle: () => {}, preload: () => {}, log: () => {} });
    button().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button().click();
    expect(load).toHaveBeenCalledTimes(1);
    expect(button().getAttribute('aria-expanded')).toBe('false');
    release();
    await vi.waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'));
    // Once React has it, the next tap closes the menu: the first one was replayed exactly once.
    await act(async () => button().click());
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  test("a visitor's page runs no shell code until touched: when idle it only preloads", () => {
    page();
    const { load } = slowChunk();
    const preload = vi.fn();
    hydrateLazily(document, { load, whenIdle: (then) => then(), preload, log: () => {} });
    expect(preload).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
  });

  test("a customer's page starts the session countdown when idle, and runs no other shell code until touched", () => {
    page(true);
    const { load } = slowChunk();
    const preload = vi.fn();
    const startCountdown = vi.fn(async () => null);
    hydrateLazily(document, { load, whenIdle: (then) => then(), preload, startCountdown, log: () => {} });
    expect(startCountdown).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    expect(preload).toHaveBeenCalledTimes(1);
  });

  test("a customer's tap hydrates the header without a second countdown", async () => {
    page(true);
    const { load, release, seen } = slowChunk();
    const startCountdown = vi.fn(async () => null);
    const { start } = hydrateLazily(document, { load, whenIdle: (then) => then(), preload: () => {}, startCountdown, log: () => {} });
    button().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button().click();
    release();
    await start();
    await vi.waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'));
    expect(startCountdown).toHaveBeenCalledTimes(1);
    expect(seen.map((o) => o.countdown)).toEqual([false]); // hydration leaves the countdown alone
  });

  test("a customer's loading header hydrates when idle once their data is there (it becomes the customer's header untouched)", async () => {
    page(true, 'loading');
    const { load, release, seen } = slowChunk();
    const customer = { locale: 'de-DE', basePath: '', designVersion: 'v1', headerVariant: 'private', path: '/', year: 2026, isLoggedIn: true } as ShellState;
    hydrateLazily(document, { load, whenIdle: (then) => then(), preload: () => {}, startCountdown: async () => null, customerState: async () => customer, log: () => {} });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    release();
    // Asked once: the upgrade takes the customer it was given.
    await vi.waitFor(() => expect(seen.map((o) => o.privateState)).toEqual([customer]));
  });

  test("a loading header whose customer's data does not come runs no React when idle: it stays, and the code is only preloaded", async () => {
    // React's evaluation alone is a task of 60-80 ms on a slow phone, for nothing to show.
    page(true, 'loading');
    const { load } = slowChunk();
    const preload = vi.fn();
    const customerState = vi.fn(async () => null);
    hydrateLazily(document, { load, whenIdle: (then) => then(), preload, startCountdown: async () => null, customerState, log: () => {} });
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    expect(customerState).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();
    // A tap still hydrates it.
    button().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('the task that ends parsing only listens: the state, the ad-click id and the marketing chunk wait for a task of their own', async () => {
    // That task also lays the page's content out (over 50 ms on a slow phone by itself).
    const state = { locale: 'de-DE', basePath: '', designVersion: 'v1', headerVariant: 'public', path: '/', year: 2026, isLoggedIn: false, marketing: { trackingAppId: 'app-1' } };
    document.body.innerHTML = `<div data-shell="header">${renderToString(<Menu />)}</div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script>`;
    window.history.replaceState(null, '', '/festgeld/?gclid=ad-1');
    sessionStorage.clear();
    const later: (() => void)[] = [];
    const startMarketing = vi.fn(async () => null);
    const { load, release } = slowChunk();
    hydrateLazily(document, { load, whenIdle: () => {}, preload: () => {}, later: (then) => later.push(then), startMarketing, log: () => {} });
    expect(startMarketing).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    // A tap in the meantime still counts.
    button().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    button().click();
    expect(load).toHaveBeenCalledTimes(1);
    expect(later).toHaveLength(1);
    later[0]!();
    expect(startMarketing).toHaveBeenCalledWith(expect.objectContaining({ marketing: { trackingAppId: 'app-1' } }), expect.any(Function));
    expect(sessionStorage.length).toBe(1);
    release();
    await vi.waitFor(() => expect(button().getAttribute('aria-expanded')).toBe('true'));
    window.history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  test('a link is never held back: it keeps its own click', () => {
    page();
    const { load } = slowChunk();
    hydrateLazily(document, { load, whenIdle: () => {}, preload: () => {}, log: () => {} });
    const link = document.querySelector('a')!;
    let heldBack: boolean | null = null;
    // Seen where the browser would follow it (and stopped there: jsdom does not navigate).
    const follow = (e: Event) => {
      heldBack = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', follow);
    link.click();
    document.removeEventListener('click', follow);
    expect(heldBack).toBe(false);
  });
});

test("the shell's code is preloaded one file per idle moment, none in the task that starts it", () => {
  // Each modulepreload link is a fetch and a compile in the task that adds it: React and the
  // shell's components in one task were over 50 ms on a slow phone.
  const steps: (() => void)[] = [];
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href.split('/').pop());
  preloadShellCode(document, ['react.js', 'shell.js', 'nav.js'], (then) => steps.push(then));
  expect(links()).toEqual([]);
  const added = [];
  while (steps.length) {
    steps.shift()!();
    added.push(links().length);
  }
  expect(added).toEqual([1, 2, 3, 3]);
  expect(links()).toEqual(['react.js', 'shell.js', 'nav.js']);
  for (const l of document.head.querySelectorAll('link[rel=modulepreload]')) l.remove();
});

test("a visitor's page preloads the chunks named on its entry when idle, or at once on the first tap, never before the first paint", async () => {
  // The gateway names the locale's content and the public menus on the entry (data-preload)
  // instead of <link rel="modulepreload"> in the head: each of those was a request and a
  // response a slow phone's main thread handled before its first paint.
  page();
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.dataset.shell = 'script';
  entry.dataset.preload = 'shell-de-DE-c.js shell-de-DE-nav-d.js';
  document.head.append(entry);
  const links = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.href.split('/').pop());
  try {
    expect(pageChunks(document)).toEqual(['shell-de-DE-c.js', 'shell-de-DE-nav-d.js']);
    let idle: (() => void) | null = null;
    const { start } = hydrateLazily(document, { whenIdle: (then) => (idle = then), load: () => new Promise(() => {}) });
    expect(links(), 'preloaded before the browser was idle').toEqual([]);
    void start(); // the visitor reached for a control before the browser was idle
    expect(links(), "the page's chunks are fetched beside the hydration code, not one round trip after it").toEqual(['shell-de-DE-c.js', 'shell-de-DE-nav-d.js']);
    idle!();
    await new Promise((r) => setTimeout(r, 300)); // the idle steps, where the browser has none
    expect(links(), 'each chunk preloaded once').toEqual(['shell-de-DE-c.js', 'shell-de-DE-nav-d.js']);
  } finally {
    entry.remove();
    for (const l of document.head.querySelectorAll('link[rel=modulepreload]')) l.remove();
  }
});
