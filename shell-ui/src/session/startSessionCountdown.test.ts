import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ShellState } from '../model/shellState.gen.ts';
import { visitorState } from '../../test/visitorState.ts';
import { startSessionCountdown } from './startSessionCountdown.ts';
import { loadCountdownView, viewDue } from './mountSessionCountdown.tsx';
import type { SessionCountdownHandle } from './mountSessionCountdown.tsx';
import { OffView } from './sessionMonitor.ts';
import type { CountdownView } from './sessionMonitor.ts';
import { sessionIn } from './testing/fakeEdge.ts';

const visitor: ShellState = visitorState;

let root: SessionCountdownHandle | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('startSessionCountdown', () => {
  test('a visitor’s page gets no countdown and no mount', async () => {
    expect(await startSessionCountdown(document, visitor)).toBeNull();
    expect(document.querySelector('[data-shell="session"]')).toBeNull();
  });

  test('a customer’s page gets the countdown in a mount first in the body', async () => {
    // The edge is not there: the countdown must not care until it calls.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    document.body.innerHTML = '<div data-shell="header"></div><main>page</main>';
    const customer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, session: sessionIn(3600, 90) };
    root = (await startSessionCountdown(document, customer)) as SessionCountdownHandle;
    expect(document.body.firstElementChild?.getAttribute('data-shell')).toBe('session');
    await screen.findByRole('alertdialog', { name: 'Sie werden in 1:30 abgemeldet.' });
  });

  test('the monitor off (local environment): no countdown even a minute before the end', async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);
    document.body.innerHTML = '<main>page</main>';
    const developer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, session: sessionIn(3600, 60, { monitored: false }) };
    expect(await startSessionCountdown(document, developer)).toBeNull();
    expect(document.querySelector('[data-shell="session"]')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('the monitor starts in a task after the one that runs its chunk', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    document.body.innerHTML = '<main>page</main>';
    const customer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, session: sessionIn(3600, 1800) };
    const tasks: (() => void)[] = [];
    let handle: unknown;
    const started = startSessionCountdown(document, customer, () => {}, (then) => tasks.push(then)).then((h) => (handle = h));
    await vi.waitFor(() => expect(tasks).toHaveLength(1)); // the chunk is in
    await Promise.resolve();
    expect(handle).toBeUndefined();
    tasks[0]!();
    await started;
    expect(handle).toMatchObject({ monitor: expect.anything() });
    (handle as { unmount: () => void }).unmount();
  });

  test("the countdown's view: its code runs in a task of its own, and the first render in a later one", async () => {
    const tasks: (() => void)[] = [];
    let view: Awaited<ReturnType<typeof loadCountdownView>> | undefined;
    const loading = loadCountdownView((then) => tasks.push(then)).then((v) => (view = v));
    await vi.waitFor(() => expect(tasks).toHaveLength(1)); // the view's code is in
    await Promise.resolve();
    expect(view).toBeUndefined();
    tasks.shift()!();
    await loading;
    expect(view?.showCountdown).toBeTypeOf('function');
  });

  test("a customer's page shows the countdown without React: it loads nothing of it", async () => {
    vi.resetModules();
    vi.doMock('react', () => {
      throw new Error('the countdown loaded React');
    });
    vi.doMock('react-dom/client', () => {
      throw new Error('the countdown loaded React');
    });
    try {
      vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
      document.body.innerHTML = '<main>page</main>';
      const { startSessionCountdown: start } = await import('./startSessionCountdown.ts');
      const customer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, session: sessionIn(3600, 90) };
      root = (await start(document, customer)) as SessionCountdownHandle;
      await screen.findByRole('alertdialog', { name: 'Sie werden in 1:30 abgemeldet.' });
    } finally {
      vi.doUnmock('react');
      vi.doUnmock('react-dom/client');
    }
  });

  test('far from the end, nothing is added to the page: nothing to see or hear yet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 204 })));
    document.body.innerHTML = '<main>page</main>';
    const customer: ShellState = { ...visitor, headerVariant: 'private', isLoggedIn: true, session: sessionIn(3600, 1800) };
    root = (await startSessionCountdown(document, customer)) as SessionCountdownHandle;
    expect(document.querySelector('[data-shell="session"]')).toBeNull();
    expect(document.body.innerHTML).toBe('<main>page</main>');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('viewDue', () => {
  const running: CountdownView = { ...OffView, status: 'running', remainingSeconds: 3600 };
  test.each([
    { name: 'no session', view: OffView, due: false },
    { name: 'an hour left', view: running, due: false },
    { name: 'a minute before the countdown can show', view: { ...running, remainingSeconds: 181 }, due: false },
    { name: 'its live regions in place a minute ahead', view: { ...running, remainingSeconds: 180 }, due: true },
    { name: 'the countdown shows', view: { ...running, remainingSeconds: 90, countdown: true }, due: true },
    { name: 'another tab extended: the confirmation shows', view: { ...running, extendedMinutes: 5 }, due: true },
    { name: 'ended: the page leaves for the login', view: { ...OffView, status: 'ended' as const }, due: false },
  ])('$name', ({ view, due }) => {
    expect(viewDue(view)).toBe(due);
  });
});
