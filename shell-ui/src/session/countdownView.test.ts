import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { axe } from '../../test/axe.ts';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Session } from '../model/shellState.gen.ts';
import { showCountdown } from './countdownView.ts';
import { OffView, startSessionMonitor } from './sessionMonitor.ts';
import type { SessionMonitor } from './sessionMonitor.ts';
import { aloneChannel, fakeEdge, sessionIn } from './testing/fakeEdge.ts';
import type { FakeEdge } from './testing/fakeEdge.ts';

const shown: (() => void)[] = [];
afterEach(() => {
  for (const hide of shown.splice(0)) hide();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** renderCountdown shows the countdown of a monitor started as the page starts it. */
function renderCountdown(session: Session, locale = 'en-GB', edge: FakeEdge = fakeEdge()) {
  const container = document.createElement('div');
  document.body.prepend(container);
  const monitor = startSessionMonitor({ session, endpoints: edge, channel: aloneChannel(), activityTarget: window, ignoreActivity: (target) => target instanceof Node && container.contains(target), logoutForms: document });
  const hide = showCountdown(container, monitor, locale);
  shown.push(() => {
    hide();
    monitor.stop();
  });
  return { container, edge, monitor };
}

/** stillMonitor is a monitor whose view the test sets. */
function stillMonitor(): SessionMonitor & { set: (view: typeof OffView) => void } {
  let view = OffView;
  const listeners = new Set<(v: typeof OffView) => void>();
  return {
    getView: () => view,
    subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
    extend: async () => {},
    stop: () => {},
    set: (next) => {
      view = next;
      for (const l of listeners) l(view);
    },
  };
}

describe('showCountdown', () => {
  test('monitor off (logged out): nothing rendered', () => {
    const container = document.createElement('div');
    const hide = showCountdown(container, stillMonitor(), 'en-GB');
    expect(container.innerHTML).toBe('');
    hide();
  });

  test('once a second, the same nodes: focus stays on the button, the live region does not speak again', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const monitor = stillMonitor();
    const running = { ...OffView, status: 'running' as const, countdown: true, canExtend: true, remainingSeconds: 90 };
    shown.push(showCountdown(container, monitor, 'en-GB'));
    monitor.set(running);
    const button = screen.getByRole('button', { name: 'Extend session' });
    const live = container.querySelector('[aria-live="assertive"]')!;
    const said = live.firstChild;
    await waitFor(() => expect(document.activeElement).toBe(button));
    monitor.set({ ...running, remainingSeconds: 89 });
    expect(screen.getByRole('alertdialog', { name: 'You will be logged out in 1:29.' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Extend session' })).toBe(button);
    expect(document.activeElement).toBe(button);
    expect(live.firstChild).toBe(said);
    monitor.set({ ...running, remainingSeconds: 88, extending: true });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    monitor.set({ ...running, remainingSeconds: 87 });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });

  test('far from the end: no dialog, nothing to hear', async () => {
    renderCountdown(sessionIn(3600, 600));
    await Promise.resolve();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  test('near the end: an alert dialog with the time left takes focus on its Extend button', async () => {
    renderCountdown(sessionIn(3600, 61));
    const dialog = await screen.findByRole('alertdialog', { name: 'You will be logged out in 1:01.' });
    const button = screen.getByRole('button', { name: 'Extend session' });
    expect(dialog.contains(button)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    // Read out once in words, not every second.
    expect(screen.getByText('You will be logged out in 1 minute, 1 second.').closest('[aria-live="assertive"]')).not.toBeNull();
    expect(await axe(document.body)).toHaveNoViolations();
  });

  test('focus moves once the dialog is painted, not in the task that adds it (which would lay the page out there)', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    try {
      const container = document.createElement('div');
      document.body.append(container);
      const monitor = stillMonitor();
      shown.push(showCountdown(container, monitor, 'en-GB'));
      monitor.set({ ...OffView, status: 'running', countdown: true, canExtend: true, remainingSeconds: 90 });
      const button = screen.getByRole('button', { name: 'Extend session' });
      await new Promise((r) => setTimeout(r, 20));
      expect(document.activeElement).toBe(document.body);
      for (const frame of frames.splice(0)) frame(performance.now());
      await waitFor(() => expect(document.activeElement).toBe(button));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('while the customer types in a field, focus stays there; the live region says it', async () => {
    const input = document.createElement('input');
    input.setAttribute('aria-label', 'IBAN');
    document.body.append(input);
    input.focus();
    renderCountdown(sessionIn(3600, 90));
    await screen.findByRole('alertdialog');
    expect(document.activeElement).toBe(input);
    expect(document.querySelector('[aria-live="assertive"]')!.textContent).toBe('You will be logged out in 1 minute, 30 seconds.');
    input.remove();
  });

  test('Extend session: the countdown goes, the confirmation says by how many minutes', async () => {
    const user = userEvent.setup();
    const edge = fakeEdge();
    edge.extendResult = () => ({ kind: 'ok', session: sessionIn(600, 600) });
    renderCountdown(sessionIn(3600, 60), 'en-GB', edge);
    await user.click(await screen.findByRole('button', { name: 'Extend session' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Your session was successfully extended by 10 minutes');
    expect(edge.events).toContain('extended');
    expect(await axe(document.body)).toHaveNoViolations();
  });

  test('extension not offered: the message without a button', async () => {
    renderCountdown(sessionIn(100, 600, { canExtend: false, lengthSeconds: 120 }));
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('button')).toBeNull();
    expect(await axe(document.body)).toHaveNoViolations();
  });

  test('a screen reader hears it when it appears and at 60, 30 and 10 seconds, not every second', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    renderCountdown(sessionIn(3600, 62));
    const live = () => document.querySelector('[aria-live="assertive"]')!.textContent;
    await vi.advanceTimersByTimeAsync(0);
    expect(live()).toBe('You will be logged out in 1 minute, 2 seconds.');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live()).toBe('You will be logged out in 1 minute, 2 seconds.');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live()).toBe('You will be logged out in 1 minute.');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(live()).toBe('You will be logged out in 1 minute.');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(live()).toBe('You will be logged out in 30 seconds.');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(live()).toBe('You will be logged out in 10 seconds.');
    expect(screen.getByRole('alertdialog').textContent).toContain('0:10');
  });

  test('after the extension, focus goes back where it was', async () => {
    const user = userEvent.setup();
    const link = document.createElement('a');
    link.href = '/konto/';
    link.textContent = 'Konto';
    document.body.append(link);
    link.focus();
    renderCountdown(sessionIn(3600, 60));
    const button = await screen.findByRole('button', { name: 'Extend session' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(link);
    link.remove();
  });

  test.each([
    ['de-DE', 'Sie werden in 1:30 abgemeldet.', 'Sitzung verlängern'],
    ['de-CH', 'Sie werden in 1:30 abgemeldet.', 'Sitzung verlängern'],
    ['fr-FR', 'Vous serez déconnecté dans 1:30.', 'Prolonger la session'],
    ['pl-PL', 'Zostaniesz wylogowany za 1:30.', 'Przedłuż sesję'],
    ['fi-FI', 'Sinut kirjataan ulos 1:30 kuluttua.', 'Jatka istuntoa'],
  ])('%s: the page’s language', async (locale, message, extend) => {
    renderCountdown(sessionIn(3600, 90), locale);
    await screen.findByRole('alertdialog', { name: message });
    screen.getByRole('button', { name: extend });
  });
});
