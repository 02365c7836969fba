// The entry (main.tsx) starts the shell after the first paint: a phone's first frame does not
// wait for the shell to read its state, listen on the mounts or ask for the marketing chunk
// (~10-25 ms of a 4x slowed phone's main thread before FCP, bench/HISTORY.md 2026-11-27 "paint").
// Nothing can be tapped before the first paint, so the first tap still finds the shell listening.
import { afterEach, describe, expect, test, vi } from 'vitest';

const hydrateLazily = vi.fn();
vi.mock('./shell/hydrateLazily.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./shell/hydrateLazily.ts')>()),
  hydrateLazily,
}));

describe('the entry', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    hydrateLazily.mockClear();
    vi.resetModules();
  });

  test('starts the shell in a task after the first frame, not while the page is being parsed', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (f: FrameRequestCallback) => frames.push(f));
    await import('./main.tsx');
    expect(hydrateLazily, 'the shell started before the first frame: its work delays the first paint').not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(hydrateLazily, 'the shell started before the first frame was painted').not.toHaveBeenCalled();
    frames.splice(0).forEach((f) => f(performance.now()));
    expect(hydrateLazily, 'the shell ran inside the frame (before it is painted)').not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(hydrateLazily).toHaveBeenCalledTimes(1);
    expect(hydrateLazily).toHaveBeenCalledWith(document);
    vi.advanceTimersByTime(5000);
    expect(hydrateLazily, 'started twice').toHaveBeenCalledTimes(1);
  });

  test('starts the shell in a tab that paints no frame (opened in the background), once', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const { FirstPaintBound } = await import('./shell/hydrateLazily.ts');
    await import('./main.tsx');
    vi.advanceTimersByTime(FirstPaintBound - 1);
    expect(hydrateLazily).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hydrateLazily).toHaveBeenCalledTimes(1);
  });
});
