import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { EventsPath, ExtendPath, eventBody, logoutAttempts } from './sessionEndCalls.ts';
import type { LogoutReason } from '../model/shellState.gen.ts';
import { ActivityPath, LogoutPath, browserEndpoints } from './sessionEndpoints.ts';

const extendRequests = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../caddy-module/shellstate/testdata/extend-requests.json'), 'utf8'),
) as { name: string; byCustomer: boolean; contentType: string; body: string }[];

// The events the shell sends and how the edge's events route answers them; the edge's
// TestEventRouteTakesTheEventsTheShellSends posts the same bodies to /_shell/events.
const shellEvents = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../caddy-module/tracking/testdata/shell-events.json'), 'utf8'),
) as { name: string; countdownAction?: string; body: string; answer: string }[];

// The logout posts the shell makes; the edge's TestLogoutEndsTheSessionAsTheShellSays posts
// the same bodies to /_shell/auth/logout.
const logoutRequests = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../caddy-module/shellstate/testdata/logout-requests.json'), 'utf8'),
) as { name: string; reason?: LogoutReason; body: string; endsAs: string }[];

const session = { serverTime: 1, expiresAt: 2, idleExpiresAt: 3, lengthSeconds: 300, canExtend: true, autoExtend: false, webview: false, monitored: true };

function answer(status: number, body?: unknown, type: ResponseType = 'basic') {
  // An opaque redirect has status 0, which the Response constructor refuses: set it after.
  const res = new Response(body === undefined ? null : JSON.stringify(body), { status: status || 200 });
  Object.defineProperty(res, 'type', { value: type });
  Object.defineProperty(res, 'status', { value: status });
  Object.defineProperty(res, 'ok', { value: status >= 200 && status < 300 });
  return res;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('browserEndpoints', () => {
  test.each([
    { status: 204, want: 'ok' },
    { status: 401, want: 'ended' },
    { status: 503, want: 'failed' },
  ])('activity answered $status: $want', async ({ status, want }) => {
    const fetch = vi.fn(async () => answer(status));
    vi.stubGlobal('fetch', fetch);
    expect(await browserEndpoints().reportActivity()).toBe(want);
    expect(fetch).toHaveBeenCalledWith(ActivityPath, expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
  });

  test.each([
    { name: '200 with the new timing', res: () => answer(200, session), want: { kind: 'ok', session } },
    { name: '200 with something else', res: () => answer(200, { access_token: 'x' }), want: { kind: 'failed' } },
    { name: '401', res: () => answer(401, { error: 'login required' }), want: { kind: 'ended' } },
    { name: '502', res: () => answer(502), want: { kind: 'failed' } },
    {
      name: 'no network',
      res: () => {
        throw new TypeError('Failed to fetch');
      },
      want: { kind: 'failed' },
    },
  ])('extend answered $name', async ({ res, want }) => {
    const fetch = vi.fn(async () => res());
    vi.stubGlobal('fetch', fetch);
    expect(await browserEndpoints().extend(false)).toEqual(want);
    expect(fetch).toHaveBeenCalledWith(ExtendPath, expect.objectContaining({ method: 'POST' }));
  });

  // The same cases as caddy-module/shellstate/testdata/extend-requests.json, which the edge's
  // test (TestExtendBodiesTheShellSends) posts to the extend route: the bodies must agree.
  test.each(extendRequests)('extend sends $name', async ({ byCustomer, contentType, body }) => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => answer(200, session));
    vi.stubGlobal('fetch', fetch);
    await browserEndpoints().extend(byCustomer);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(ExtendPath);
    expect(init.body).toBe(body);
    expect(new Headers(init.headers).get('Content-Type')).toBe(contentType);
  });

  test.each([
    { name: 'the edge’s 303', res: () => answer(0, undefined, 'opaqueredirect'), want: true },
    { name: '500', res: () => answer(500), want: false },
  ])('logout answered $name: $want', async ({ res, want }) => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => res());
    vi.stubGlobal('fetch', fetch);
    expect(await browserEndpoints().logout('expired')).toBe(want);
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe(LogoutPath);
    expect(init.redirect).toBe('manual');
    expect(String(init.body)).toBe('reason=expired');
  });

  test('logout posts again after Retry-After while the edge answers 503, until it is done', async () => {
    vi.useFakeTimers();
    try {
      const answers = [answer(503), answer(503), answer(0, undefined, 'opaqueredirect')];
      answers[0]!.headers.set('Retry-After', '2');
      const fetch = vi.fn(async (_path: string, _init: RequestInit) => answers.shift()!);
      vi.stubGlobal('fetch', fetch);
      const done = browserEndpoints().logout('expired');
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch).toHaveBeenCalledTimes(1); // waits as the edge asked
      await vi.advanceTimersByTimeAsync(1 + 2000);
      expect(await done).toBe(true);
      expect(fetch).toHaveBeenCalledTimes(3);
      for (const [path, init] of fetch.mock.calls) {
        expect(path).toBe(LogoutPath);
        expect(String(init.body)).toBe('reason=expired');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  test('logout gives up after a few 503s and says it failed', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => answer(503));
      vi.stubGlobal('fetch', fetch);
      const done = browserEndpoints().logout('expired');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await done).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(logoutAttempts);
    } finally {
      vi.useRealTimers();
    }
  });

  test.each([
    { name: 'a logged-in state', body: { isLoggedIn: true, session }, want: { kind: 'ok', session } },
    { name: 'a logged-out state', body: { isLoggedIn: false }, want: { kind: 'ended' } },
    { name: 'a 502', body: undefined, want: { kind: 'failed' } },
  ])('readState answered $name', async ({ body, want }) => {
    const fetch = vi.fn(async (_url: string) => (body ? answer(200, body) : answer(502)));
    vi.stubGlobal('fetch', fetch);
    expect(await browserEndpoints().readState('/konto/')).toEqual(want);
    expect(fetch.mock.calls[0]![0]).toBe('/_shell/state?path=%2Fkonto%2F');
  });

  test('goToLogin posts the logout form, with the reason, as a navigation', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    browserEndpoints(document).goToLogin('expired');
    const form = document.querySelector<HTMLFormElement>('form[data-shell="session-logout"]')!;
    expect(form.method).toBe('post');
    expect(new URL(form.action).pathname).toBe(LogoutPath);
    expect(new FormData(form).get('reason')).toBe('expired');
    expect(submit).toHaveBeenCalledOnce();
    form.remove();
  });

  test.each(shellEvents.filter((c) => c.countdownAction !== undefined))('the countdown event $name is the body of the contract', ({ countdownAction, body }) => {
    expect(eventBody(countdownAction as Parameters<typeof eventBody>[0])).toBe(body);
  });

  test.each(logoutRequests)('logout and goToLogin post $name as the contract says', async ({ reason, body }) => {
    const fetch = vi.fn(async (_path: string, _init: RequestInit) => answer(0, undefined, 'opaqueredirect'));
    vi.stubGlobal('fetch', fetch);
    await browserEndpoints().logout(reason);
    expect(String(fetch.mock.calls[0]![1].body)).toBe(body);

    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    browserEndpoints(document).goToLogin(reason);
    const form = document.querySelector<HTMLFormElement>('form[data-shell="session-logout"]')!;
    expect(new URLSearchParams(new FormData(form) as unknown as Record<string, string>).toString()).toBe(body);
    expect(submit).toHaveBeenCalledOnce();
    form.remove();
  });

  test('track sends the event as a beacon, and a failing beacon is no error', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    browserEndpoints().track('shown');
    // The tracking call comes with the end-of-session chunk: the beacon leaves once it is here.
    await vi.waitFor(() => expect(beacon).toHaveBeenCalledOnce());
    const [url, data] = beacon.mock.calls[0]!;
    expect(url).toBe(EventsPath);
    expect(await data.text()).toBe(eventBody('shown'));
    expect(data.type).toBe('application/json');

    const refused = vi.fn(() => {
      throw new TypeError('beacon refused');
    });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: refused });
    expect(() => browserEndpoints().track('expired')).not.toThrow();
    await vi.waitFor(() => expect(refused).toHaveBeenCalledOnce());
  });
});
