import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from '../../test/axe.ts';
import { describe, expect, test, vi } from 'vitest';
import type { EndSessionRequest, SessionList } from '../model/shellState.gen.ts';
import { endBody, fetchEndpoints } from './sessionsEndpoints.ts';
import type { EndOutcome, SessionsEndpoints } from './sessionsEndpoints.ts';
import { SessionsPage } from './SessionsPage.tsx';

// The fixtures the edge's Go tests read too (caddy-module/shellstate/testdata).
const testdata = resolve(dirname(fileURLToPath(import.meta.url)), '../../../caddy-module/shellstate/testdata');
const listFixture = JSON.parse(readFileSync(resolve(testdata, 'session-list.json'), 'utf8')) as SessionList;
const endCases = JSON.parse(readFileSync(resolve(testdata, 'session-end-requests.json'), 'utf8')) as { name: string; end?: EndSessionRequest; body: string; valid: boolean }[];

function fakeEndpoints(outcome: EndOutcome = { kind: 'ended', result: { ended: 1, loggedOut: false } }) {
  const ends: EndSessionRequest[] = [];
  let list = listFixture;
  const endpoints: SessionsEndpoints = {
    list: vi.fn(async () => list),
    end: vi.fn(async (req: EndSessionRequest) => {
      ends.push(req);
      if (outcome.kind === 'ended') list = { ...list, sessions: list.sessions!.filter((s) => s.current || (!req.all && s.handle !== req.handle)) };
      return outcome;
    }),
  };
  return { endpoints, ends };
}

function renderPage(locale = 'en-GB', outcome?: EndOutcome) {
  const fake = fakeEndpoints(outcome);
  const navigate = vi.fn();
  const view = render(<SessionsPage locale={locale} endpoints={fake.endpoints} loginPath="/en-gb/login/" navigate={navigate} />);
  return { ...view, ...fake, navigate };
}

describe('SessionsPage', () => {
  test('lists each session with device, market and times; the current one has no End button', async () => {
    const { container } = renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading').textContent).toBe('Computer · Firefox (This device)');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('heading').textContent).toBe('Phone · Safari');
    expect(within(items[1]!).getByText('en-GB')).toBeTruthy();
    expect(within(items[2]!).getByRole('heading').textContent).toBe('Unknown');
    // No handle is shown to the customer.
    expect(container.textContent).not.toContain(listFixture.sessions![1]!.handle);
    expect(await axe(container)).toHaveNoViolations();
  });

  test('ending one session sends its handle and says so', async () => {
    const { ends } = renderPage();
    const items = await screen.findAllByRole('listitem');
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'End session' }));
    expect(ends).toEqual([{ handle: listFixture.sessions![1]!.handle }]);
    expect(await screen.findByText('1 session ended.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
  });

  test('ending all others asks for all', async () => {
    const { ends } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(ends).toEqual([{ all: true }]);
  });

  test('a stale login is sent to the login page the edge names', async () => {
    const { navigate } = renderPage('en-GB', { kind: 'reauth', login: '/en-gb/login/?return=%2Fen-gb%2Faccount%2Fsessions%2F' });
    await userEvent.click(await screen.findByRole('button', { name: 'End all other sessions' }));
    expect(navigate).toHaveBeenCalledWith('/en-gb/login/?return=%2Fen-gb%2Faccount%2Fsessions%2F');
    expect(screen.getByRole('status').textContent).toBe('For your security, please sign in again to end sessions.');
  });

  test('German texts for de-DE and de-AT (language fallback); English for others', async () => {
    renderPage('de-AT');
    expect(await screen.findByRole('heading', { level: 1, name: 'Angemeldete Geräte' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Alle anderen Sitzungen beenden' })).toBeTruthy();
  });

  test('a list that cannot load says so', async () => {
    const navigate = vi.fn();
    const endpoints: SessionsEndpoints = { list: () => Promise.reject(new Error('503')), end: vi.fn() };
    render(<SessionsPage locale="en" endpoints={endpoints} loginPath="/login/" navigate={navigate} />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});

describe('sessionsEndpoints', () => {
  test.each(endCases.filter((c) => c.valid))('$name: the body the edge takes', ({ end, body }) => {
    expect(endBody(end!)).toBe(body);
  });

  test('a login address that leaves the site is not followed', async () => {
    for (const login of ['https://evil.example/login', '//evil.example/login', '/\\evil.example']) {
      const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ error: 'fresh login required', login }), { status: 401 }));
      expect(await fetchEndpoints(fetchImpl as unknown as typeof fetch).end({ all: true })).toEqual({ kind: 'failed' });
    }
  });
});
