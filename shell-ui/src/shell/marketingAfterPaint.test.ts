// The marketing integrations' chunk is asked for after the first paint: asking for it while the
// entry runs was a request on a slow phone's main thread inside the task before its first paint
// (16 ms at 4x, bench/HISTORY.md 2026-11-27 "paint"). The shell itself still listens at once, so
// the first tap works as before.
import { afterEach, expect, test, vi } from 'vitest';

const startMarketing = vi.fn();
vi.mock('../marketing/startMarketing.ts', () => ({ startMarketing }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  startMarketing.mockClear();
  document.body.innerHTML = '';
});

function page() {
  const state = { locale: 'de-DE', basePath: '', designVersion: 'v1', headerVariant: 'public', path: '/', year: 2026, isLoggedIn: false, marketing: { cdp: { appId: 'x' } } };
  document.body.innerHTML = `<div data-shell="header"><header><button type="button">Menü</button></header></div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script>`;
}

// Lets the dynamic import of a mocked module settle.
const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

test('the marketing chunk is asked for in a task after the first frame, not while the entry runs', async () => {
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
  const { hydrateLazily } = await import('./hydrateLazily.ts');
  page();
  hydrateLazily(document, { whenIdle: () => {}, load: () => new Promise(() => {}) });
  await settle();
  expect(startMarketing, 'the marketing chunk was asked for before the first frame: a request before the first paint').not.toHaveBeenCalled();
  frames.splice(0).forEach((f) => f(performance.now()));
  await settle();
  expect(startMarketing).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(5000);
  expect(startMarketing, 'started twice').toHaveBeenCalledTimes(1);
});

test('a tab that paints no frame (opened in the background) still starts the marketing integrations, once', async () => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', () => 0);
  const { hydrateLazily, FirstPaintBound } = await import('./hydrateLazily.ts');
  page();
  hydrateLazily(document, { whenIdle: () => {}, load: () => new Promise(() => {}) });
  await vi.advanceTimersByTimeAsync(FirstPaintBound - 1);
  expect(startMarketing).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  await settle();
  expect(startMarketing).toHaveBeenCalledTimes(1);
});
