// The country banner as the gateway delivers it (banner fragment with the page's path, then the
// header, both gated on the request's flags) hydrates without a mismatch in every locale.
import { act } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { contentLocales } from '../src/content/index.ts';
import type { ShellState } from '../src/model/shellState.gen.ts';
import { hydrateShell } from '../src/shell/hydrateShell.tsx';
import { ReturnSlot } from '../src/shell/slots.ts';
import { gatewaySplice } from '../test/gatewaySplice.ts';
import { renderBannerFragment, renderFooterFragment, renderHeaderFragment } from './render.tsx';

const contents = await Promise.all(contentLocales.map((l) => l.load()));

const escapeAttr = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

describe('country banner hydration', () => {
  test.each(contents.flatMap((content) => [
    { content, suggested: undefined as string | undefined },
    { content, suggested: content.locale === 'en-GB' ? 'de-DE' : 'en-GB' },
  ]))('$content.locale suggesting $suggested', async ({ content, suggested }) => {
    const path = `${content.basePath}/a "page"/`;
    const flags = { 'b2cNewMarketLocales:de-ch': true, mobileAppBanner: true, isDWMLaunchNL: true, ippDwmLaunchNl: true };
    const state: ShellState = {
      locale: content.locale, market: content.locale, basePath: content.basePath, designVersion: 'v1', headerVariant: 'public',
      path, year: 2026, isLoggedIn: false, canAccess: true, isAuthRequired: false, appView: false, access: null, flags,
      banner: { show: true, reason: 'region-redirect', suggested },
    };
    const values = { year: 2026, path, basePath: content.basePath, flags };
    const banner = gatewaySplice(renderBannerFragment(content, suggested), values).replace(ReturnSlot, escapeAttr(path));
    const header = gatewaySplice(renderHeaderFragment(content, 'public'), values);
    const footer = gatewaySplice(renderFooterFragment(content, 'v1'), values);
    document.body.innerHTML = `<div data-shell="header">${banner}${header}</div><script type="application/json" id="shell-state" data-shell="state">${JSON.stringify(state)}</script><main></main><div data-shell="footer">${footer}</div>`;
    window.history.replaceState(null, '', '/');
    // The banner must be exactly what the edge sent (links elsewhere may gain aria-current
    // once the browser's own path counts).
    const before = document.querySelector('form.shell-banner')!.outerHTML;
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => errors.push(a));
    let roots: Awaited<ReturnType<typeof hydrateShell>> = [];
    try {
      await act(async () => {
        roots = await hydrateShell(document, { onRecoverableError: (e) => errors.push(e), log: (m) => errors.push(m) });
      });
    } finally {
      spy.mockRestore();
    }
    expect(errors).toEqual([]);
    const form = document.querySelector<HTMLFormElement>('[data-shell="header"] > form.shell-banner')!;
    expect(form.nextElementSibling?.tagName).toBe('HEADER');
    expect(new FormData(form).get('return')).toBe(path);
    if (suggested === undefined) {
      const schweiz = form.querySelector<HTMLOptionElement>('option[value="de-CH"]');
      expect(schweiz === null || !schweiz.hidden).toBe(true); // flagged on, unless it is the page's market
    }
    expect(form.outerHTML).toBe(before);
    act(() => roots.forEach((r) => r.unmount()));
  });
});
