import { act } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { findContentLocale } from '../../content/index.ts';
import type { ShellState } from '../../model/shellState.gen.ts';
import { renderHeaderFragment } from '../../../prerender/render.tsx';
import { hydrateShell } from '../../shell/hydrateShell.tsx';
import { gatewaySplice } from '../../../test/gatewaySplice.ts';
import { Personas, privateState } from './testing/personas.ts';
import { StateAttempts, fetchPrivateState, isSameSitePath, stateURL } from './upgradeLoadingHeader.tsx';

const loading = (): ShellState => ({ ...privateState('de-DE', Personas.active, ['HAS_FIXED_DEPOSIT_ACCOUNT']), headerVariant: 'loading', customer: null });
const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('fetchPrivateState', () => {
  test.each<[string, (() => Promise<Response>)[], string | null, number]>([
    ['the customer at once', [() => answer(privateState('de-DE', Personas.active))], 'private', 1],
    ['still loading, then the customer', [() => answer(loading()), () => answer(privateState('de-DE', Personas.active))], 'private', 2],
    ['a failing call, then the customer', [() => answer({}, 503), () => Promise.reject(new Error('offline')), () => answer(privateState('de-DE', Personas.active))], 'private', 3],
    ['logged out meanwhile: stop', [() => answer({ ...loading(), headerVariant: 'public', isLoggedIn: false })], null, 1],
    ['never arrives: give up', Array.from({ length: StateAttempts + 1 }, () => () => answer(loading())), null, StateAttempts],
  ])('%s', async (_name, answers, want, calls) => {
    let n = 0;
    const wait = vi.fn(async () => {});
    const redirect = vi.fn();
    const state = await fetchPrivateState({ fetchState: () => answers[n++]!(), wait, redirect });
    expect(state?.headerVariant ?? null).toBe(want);
    expect(n).toBe(calls);
    expect(wait).toHaveBeenCalledTimes(calls - 1);
    expect(redirect).not.toHaveBeenCalled();
  });

  test.each<[string, string, string | null]>([
    ['the rule holds: go to the CDVC page', '/de-de/cdvc/', '/de-de/cdvc/'],
    ['another site: stay', '//evil.example/', null],
    ['backslash trick: stay', '/\\evil.example/', null],
    ['absolute URL: stay', 'https://evil.example/', null],
  ])('redirect rule after late data: %s', async (_name, target, want) => {
    const redirect = vi.fn();
    const state = await fetchPrivateState({
      fetchState: () => answer({ ...privateState('de-DE', Personas.active), redirect: target }),
      wait: async () => {},
      redirect,
    });
    if (want === null) {
      expect(redirect).not.toHaveBeenCalled();
      expect(state?.headerVariant).toBe('private');
    } else {
      expect(redirect).toHaveBeenCalledWith(want);
      expect(state).toBeNull();
    }
  });

  test('asks for the state of this page, query included', () => {
    expect(stateURL({ pathname: '/de-de/festgeld/', search: '?a=1&b=2' })).toBe('/_shell/state?path=%2Fde-de%2Ffestgeld%2F%3Fa%3D1%26b%3D2');
    expect(isSameSitePath('/x')).toBe(true);
  });
});

describe('a loading header becomes the private header', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  test('hydrates the loading header, then shows the customer from /_shell/state', async () => {
    const content = await findContentLocale('de-DE')!.load();
    const state = loading();
    const fetchState = vi.fn((url: string) => {
      expect(url).toBe('/_shell/state?path=%2F');
      return answer(privateState('de-DE', Personas.unread, ['HAS_FIXED_DEPOSIT_ACCOUNT']));
    });
    vi.stubGlobal('fetch', fetchState);
    const fragment = gatewaySplice(renderHeaderFragment(content, 'loading'), { year: 2026, path: state.path, basePath: '' });
    document.body.innerHTML = `<div data-shell="header">${fragment}</div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script>`;
    expect(document.querySelectorAll('.shell-nav-skeleton__item').length).toBe(4);
    const recoverable: unknown[] = [];
    let roots: Awaited<ReturnType<typeof hydrateShell>> = [];
    await act(async () => {
      roots = await hydrateShell(document, { onRecoverableError: (e) => recoverable.push(e), log: () => {} });
    });
    await vi.waitFor(() => expect(document.querySelector('.shell-avatar')?.textContent).toBe('AS'));
    expect(recoverable).toEqual([]);
    expect(fetchState).toHaveBeenCalledTimes(1);
    expect(document.querySelector('.shell-nav__badge:not([hidden])')).not.toBeNull();
    expect(document.querySelector('.shell-nav-skeleton__item')).toBeNull();
    act(() => roots.forEach((r) => r.unmount()));
  });

  test('given the customer already asked for (hydrateLazily asks before React), shows them without asking again', async () => {
    const content = await findContentLocale('de-DE')!.load();
    const state = loading();
    const fetchState = vi.fn(() => answer(loading()));
    vi.stubGlobal('fetch', fetchState);
    const fragment = gatewaySplice(renderHeaderFragment(content, 'loading'), { year: 2026, path: state.path, basePath: '' });
    document.body.innerHTML = `<div data-shell="header">${fragment}</div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script>`;
    let roots: Awaited<ReturnType<typeof hydrateShell>> = [];
    await act(async () => {
      roots = await hydrateShell(document, { privateState: privateState('de-DE', Personas.unread, ['HAS_FIXED_DEPOSIT_ACCOUNT']), log: () => {} });
    });
    await vi.waitFor(() => expect(document.querySelector('.shell-avatar')?.textContent).toBe('AS'));
    expect(fetchState).not.toHaveBeenCalled();
    act(() => roots.forEach((r) => r.unmount()));
  });
});
