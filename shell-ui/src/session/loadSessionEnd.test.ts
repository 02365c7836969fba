import { afterEach, describe, expect, test, vi } from 'vitest';
import { lazyTabClaim } from './loadSessionEnd.ts';
import { LogoutPath, browserEndpoints } from './sessionEndpoints.ts';

// The end-of-session chunk cannot load (a deploy replaced it, the network dropped).
vi.mock('./sessionEndCalls.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const session = { serverTime: 1, expiresAt: 2, idleExpiresAt: 3, lengthSeconds: 300, canExtend: true, autoExtend: false, webview: false, monitored: true };

describe('without the end-of-session chunk', () => {
  test('the calls fail as a lost network would, and the page still leaves for login', async () => {
    // An edge that would answer every call: only the missing chunk makes them fail.
    const fetch = vi.fn(async () => new Response(JSON.stringify({ isLoggedIn: true, session, ...session }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const endpoints = browserEndpoints(document);
    expect(await endpoints.extend(false)).toEqual({ kind: 'failed' });
    expect(await endpoints.readState('/konto/')).toEqual({ kind: 'failed' });
    expect(await endpoints.logout('expired')).toBe(false);
    expect(() => endpoints.track('expired')).not.toThrow();
    expect(fetch).not.toHaveBeenCalled();

    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    endpoints.goToLogin('expired');
    const form = document.querySelector<HTMLFormElement>('form[data-shell="session-logout"]')!;
    expect(new URL(form.action).pathname).toBe(LogoutPath);
    expect(new FormData(form).get('reason')).toBe('expired');
    expect(submit).toHaveBeenCalledOnce();
    form.remove();
  });

  test('a tab claim is granted: a double expiry report beats none', async () => {
    const claim = lazyTabClaim();
    expect(await claim('expired:1')).toBe(true);
    expect(await claim('expired:1')).toBe(true);
  });
});
