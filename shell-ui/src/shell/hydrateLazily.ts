// The shell's entry waits before it hydrates. The header and footer arrive as complete HTML
// with every link, so a visitor reads and follows them without any script; React is needed
// only to open a menu, a picker or a dialog. This module (no React in it) stays in the entry:
// on a visitor's page it hydrates when the visitor first reaches for a control in the shell,
// having fetched React and the shell's components (a chunk of their own) when the browser was
// idle, without running them: running them is a task of a few hundred ms on a slow phone. A
// customer's page does the same, and starts only the session monitor when the browser is idle,
// for the countdown must run untouched: the monitor needs no React (its view loads when due).
// A loading header (upgraded once the customer's data arrives) and the sessions page's list
// hydrate when idle. A tap or key press that comes before React has taken over is kept and
// replayed once it has, so it works the first time.
import type { HydrateOptions } from './hydrateShell.tsx';
import { readShellState } from './readState.ts';
import { rememberAdClickId } from '../lib/adClickId.ts';
import { afterFrame } from '../lib/afterFrame.ts';
import { startSessionCountdown } from '../session/startSessionCountdown.ts';
import type { ShellState } from '../model/shellState.gen.ts';

// The files of the shell's code, space-separated, beside the entry (vite.config.ts writes them).
const ShellCode = '__SHELL_CODE__';

/** MountSelector finds the shell's mounts in the page (header, footer). */
export const MountSelector = '[data-shell="header"], [data-shell="footer"]';

/** TriggerEvents on a mount start hydration at once: the visitor is about to use a control. */
export const TriggerEvents = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

/** IdleTimeout bounds the wait for an idle moment after the load event (ms). */
export const IdleTimeout = 2000;

export interface LazyOptions extends HydrateOptions {
  /** load brings the hydration code (default: its chunk). */
  load?: () => Promise<{ hydrateShell: (doc: Document, options: HydrateOptions) => Promise<unknown> }>;
  /** whenIdle runs its function once the page is loaded and the browser idle (default: requestIdleCallback after load). */
  whenIdle?: (then: () => void) => void;
  /** preload fetches the shell's code without running it (default: modulepreload links). */
  preload?: (doc: Document) => void;
  /** startCountdown starts a customer's session monitor and countdown (default: its own chunk). */
  startCountdown?: (doc: Document, state: ShellState, log: (message: string) => void) => Promise<unknown>;
  /** later runs what need not be in the task that ends the page's parsing (default: afterFirstPaint). */
  later?: (then: () => void) => void;
  /**
   * customerState asks the edge for a loading header's customer (default: fetchPrivateState):
   * their private header's state, or null when it does not come.
   */
  customerState?: () => Promise<ShellState | null>;
  /** startMarketing starts the marketing integrations (default: their own chunk). */
  startMarketing?: (state: ShellState, log: (message: string) => void) => Promise<unknown>;
}

// Its own chunk: only a loading header's page asks.
function fetchCustomerState(): Promise<ShellState | null> {
  return import('../header/private/fetchPrivateState.ts').then((m) => m.fetchPrivateState());
}

function loadMarketing(state: ShellState, log: (message: string) => void): Promise<unknown> {
  return import('../marketing/startMarketing.ts').then(
    (m) => m.startMarketing(state, window, log),
    (err: unknown) => log(`cannot load the marketing integrations (${(err as Error).message})`),
  );
}

/**
 * needsReactWhenIdle: what on a customer's page must change untouched, as React: the sessions
 * page lists the sessions. (A loading header becomes the customer's once their data arrives:
 * React comes when it has, see hydrateLazily.)
 */
function needsReactWhenIdle(doc: Document): boolean {
  return doc.querySelector('[data-shell="sessions"]') !== null;
}

/**
 * loadShellCode runs React (its own chunk) in one task and the shell's components in a later
 * one: together they are one long task on a slow phone, which a customer's idle page would feel.
 */
async function loadShellCode() {
  await import('react-dom/client');
  await new Promise((r) => setTimeout(r));
  return import('./hydrateShell.tsx');
}

/**
 * idleStep runs its function at the browser's next idle moment (within IdleTimeout), or after
 * fallbackMs where the browser has no requestIdleCallback.
 */
function idleStep(then: () => void, fallbackMs = 50) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: IdleTimeout });
  else setTimeout(then, fallbackMs);
}

/** shellCode lists the files of the shell's code (none when not a build: tests, the dev server). */
const shellCode = () => (ShellCode.startsWith('__') ? [] : ShellCode.split(' '));

/**
 * preloadShellCode adds a modulepreload link for each file of the shell's code, one link per
 * idle moment: the browser fetches and compiles each file in the task that adds its link, and
 * all of them in one were a task over 50 ms on a slow phone (bench/HISTORY.md, 2026-11-27 "task").
 */
export function preloadShellCode(doc: Document, files: string[] = shellCode(), next: (then: () => void) => void = idleStep) {
  const left = files.map((file) => new URL(file, import.meta.url).href); // none when not a build (tests, the dev server)
  const add = () => {
    // A file the head (a customer's page) or an earlier call (a tap before the idle steps
    // ended) preloaded already gets no second link.
    let href = left.shift();
    while (href !== undefined && preloaded(doc, href)) href = left.shift();
    if (href === undefined) return;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    doc.head.append(link);
    next(add);
  };
  next(add);
}

const preloaded = (doc: Document, href: string) => [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].some((l) => l.href === href);

/**
 * afterFirstPaint runs its function in a task after the next frame, or after FirstPaintBound ms
 * in a tab that paints no frame, whichever comes first.
 */
export function afterFirstPaint(then: () => void) {
  afterFrame(then, FirstPaintBound);
}

/** FirstPaintBound bounds afterFirstPaint's wait for a frame (ms). */
export const FirstPaintBound = 1000;

/**
 * pageChunks are the chunks the gateway names on a visitor's page's entry script (data-preload:
 * the locale's content and the public menus, which hydration imports): preloaded with the
 * shell's code, not in the head, where each was a request before a slow phone's first paint.
 */
export function pageChunks(doc: Document): string[] {
  return doc.querySelector<HTMLScriptElement>('script[data-shell="script"][data-preload]')?.dataset.preload?.split(' ').filter(Boolean) ?? [];
}

function afterLoadWhenIdle(start: () => void) {
  const idle = () => idleStep(start, 200);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// A control that does nothing without its script: a plain button (not a form's submit
// button, which works as HTML), or an element acting as one.
const ScriptedControl = 'button[type="button"], [role="button"]:not([href])';

// Keys whose effect is the click the browser makes of them, or focus moving: not replayed.
const NativeKeys = new Set(['Enter', ' ', 'Tab']);

/**
 * hydrateLazily hydrates the shell on the visitor's first interaction with a mount, or for a
 * customer when the browser is idle, whichever comes first; hydration runs as a transition.
 * start() starts it at once and gives its promise.
 */
export function hydrateLazily(doc: Document, options: LazyOptions = {}): { start: () => Promise<unknown> } {
  const { load = loadShellCode, whenIdle = afterLoadWhenIdle, preload = (d: Document) => preloadShellCode(d, [...pageChunks(d), ...shellCode()]), startCountdown = startSessionCountdown, later = afterFirstPaint, startMarketing = loadMarketing, customerState = fetchCustomerState, ...hydrateOptions } = options;
  const log = hydrateOptions.log ?? ((m: string) => console.warn(`shell: ${m}`));
  // This module runs in the task that ends the page's parsing, with the content's own layout
  // (over 50 ms on a slow phone by itself), just before the first paint: it only listens for the
  // first touch there, and reads the state, keeps the ad-click id and asks for the marketing
  // chunk in a task after that paint (bench/HISTORY.md, 2026-11-27 "task": 6-30 ms at 4x; the
  // marketing chunk's request alone was 16 ms of it, "paint").
  let state: ShellState | null | undefined;
  const readState = () => {
    if (state === undefined) {
      const read = readShellState(doc);
      state = read.ok ? read.state : null;
    }
    return state;
  };
  later(() => {
    const state = readState();
    rememberAdClickId(doc.location?.search ?? ''); // the dashboard link's ad-click-id (lib/adClickId.ts)
    // The marketing integrations (marketing.go): their own chunk, no React, on configured gateways only.
    if (state?.marketing) void startMarketing(state, log);
  });
  const mounts = [...doc.querySelectorAll<HTMLElement>(MountSelector)];
  let started: Promise<unknown> | null = null;
  let taken = false; // React has taken over: nothing more to keep
  let click: HTMLElement | null = null;
  let key: { target: Element; init: KeyboardEventInit } | null = null;
  let hovered: Element | null = null;

  // Capture, on the mount: the visitor's events reach these before anything inside.
  const onTrigger = (e: Event) => {
    if (e.type === 'mouseover') hovered = e.target as Element;
    if (e.type === 'keydown') {
      const k = e as KeyboardEvent;
      if (!NativeKeys.has(k.key)) key = { target: k.target as Element, init: { key: k.key, code: k.code, shiftKey: k.shiftKey, altKey: k.altKey, ctrlKey: k.ctrlKey, metaKey: k.metaKey, bubbles: true, cancelable: true } };
    }
    void start();
  };
  const onClick = (e: Event) => {
    const control = (e.target as Element | null)?.closest?.(ScriptedControl);
    if (!control || taken) return;
    // Keep it for React: before hydration it would do nothing, or the wrong thing.
    e.preventDefault();
    e.stopPropagation();
    click = control as HTMLElement;
    void start();
  };
  const listen = (on: boolean) => {
    for (const mount of mounts) {
      for (const type of TriggerEvents) (on ? mount.addEventListener : mount.removeEventListener).call(mount, type, onTrigger, { capture: true, passive: true } as AddEventListenerOptions);
      (on ? mount.addEventListener : mount.removeEventListener).call(mount, 'click', onClick, true);
    }
  };

  const replay = () => {
    taken = true;
    listen(false);
    // The last tap or click on a control, then a key such as ArrowDown, then a resting mouse.
    if (click?.isConnected) click.click();
    else if (key?.target.isConnected && doc.activeElement === key.target) key.target.dispatchEvent(new KeyboardEvent('keydown', key.init));
    if (hovered?.isConnected && hovered.matches(':hover')) {
      hovered.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
    }
    click = null;
    key = null;
    hovered = null;
  };

  // A loading header's customer, when hydrateLazily asked for them before React.
  let privateState: ShellState | undefined;
  const start = () => {
    // The page's chunks at once, beside the hydration code, not one round trip after it.
    if (!started) preloadShellCode(doc, pageChunks(doc), (then) => then());
    started ??= load().then(
      (m) =>
        m.hydrateShell(doc, { ...hydrateOptions, transition: true, countdown: false, privateState, onHydrated: () => {
          // After the updates hydration's effects make (the phone-width picker becoming a
          // dialog's opener): React renders them in a task of its own right after this one.
          setTimeout(() => setTimeout(replay));
          hydrateOptions.onHydrated?.();
        } }).then((roots) => {
          // No mount to hydrate (no state, no content): the HTML stands, and so do its links.
          if (Array.isArray(roots) && roots.length === 0 && !taken) {
            taken = true;
            listen(false);
          }
        }),
      (err: unknown) => {
        taken = true;
        listen(false);
        log(`cannot load the shell's code (${(err as Error).message}); the shell stays as the server rendered it`);
      },
    );
    return started;
  };

  listen(true);
  // A customer's page runs the session countdown; the header and footer only need the code at hand.
  whenIdle(() => {
    const state = readState();
    if (state?.isLoggedIn) void startCountdown(doc, state, log);
    if (state?.isLoggedIn && state.headerVariant === 'loading') {
      // React (its evaluation alone 60-80 ms at 4x, then hydration) only once there is a
      // customer to show: when their data does not come the loading header stays as it is.
      void customerState().then(
        (next) => {
          if (next) {
            privateState = next;
            void start();
          } else preload(doc);
        },
        () => preload(doc),
      );
    } else if (state?.isLoggedIn && needsReactWhenIdle(doc)) void start();
    else preload(doc);
  });
  return { start };
}
