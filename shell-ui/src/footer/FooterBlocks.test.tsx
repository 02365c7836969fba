import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { axe } from '../../test/axe.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { contentLocales } from '../content/index.ts';
import type { FooterContent } from '../model/footer.ts';
import { Footer } from './Footer.tsx';

const contents = await Promise.all(contentLocales.map((l) => l.load()));
const byLocale = (locale: string) => contents.find((c) => c.locale === locale)!;

function renderFooter(locale: string, designVersion: string, options: { flags?: Record<string, boolean>; footer?: Partial<FooterContent> } = {}) {
  const content = byLocale(locale);
  return renderInShell(<Footer content={{ ...content.footer, ...options.footer }} locale={locale} designVersion={designVersion} year={2026} />, {
    locale,
    basePath: content.basePath,
    flags: options.flags ?? {},
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('footer v1 and v2', () => {
  test('arrange the blocks differently: v2 puts the trust row first and social icons in the base row', () => {
    const v1 = renderFooter('en-US', 'v1').container;
    expect(v1.querySelector('.shell-footer__trust')).toBeNull();
    expect(v1.querySelector('.shell-footer__intro .shell-social__list')).not.toBeNull();
    expect(v1.querySelector('.shell-footer__band .shell-us-contact')).not.toBeNull();
    const v2 = renderFooter('en-US', 'v2').container;
    const trust = v2.querySelector('.shell-footer__trust')!;
    expect(trust.querySelector('.shell-review__link')).not.toBeNull();
    expect(trust.querySelector('.shell-us-contact')).not.toBeNull();
    expect(v2.querySelector('.shell-footer__base .shell-social__list')).not.toBeNull();
    expect(v2.querySelector('.shell-footer__intro .shell-social__list')).toBeNull();
  });

  test.each(['v1', 'v2'])('%s has no axe violations with every block', async (version) => {
    const { container } = renderFooter('en-US', version, { flags: { mobileAppBanner: true } });
    expect(await axe(container)).toHaveNoViolations();
  });
});

describe('review rating', () => {
  test.each([
    { score: 4.7, word: 'Hervorragend', stars: '4.5' },
    { score: 4.2, word: 'Gut', stars: '4' },
    { score: 1.7, word: 'Ungenügend', stars: '1.5' },
    { score: null, word: 'Noch keine Bewertungen', stars: '0' },
  ])('score $score: "$word" with $stars stars, linking to the review page', ({ score, word, stars }) => {
    const review = { ...byLocale('de-DE').footer.review!, score };
    renderFooter('de-DE', 'v1', { footer: { review } });
    const link = screen.getByRole('link', { name: new RegExp(word) });
    expect(link.getAttribute('href')).toBe(review.href);
    expect(link.getAttribute('target')).toBe('_blank');
    // One image, named by its score; ReviewRating.css paints its stars from data-stars.
    const image = within(link).getByRole('img', { name: `Bewertet mit ${stars.replace('.', ',')} von 5` });
    expect(image.getAttribute('data-stars')).toBe(stars);
    expect(link.textContent).toContain('12.480 Bewertungen');
  });

  test('hidden without display_trustpilot', () => {
    const { container } = renderFooter('de-DE', 'v1', { footer: { displayTrustpilot: false } });
    expect(container.querySelector('.shell-review__link')).toBeNull();
  });
});

describe('US contact banner', () => {
  test('email and phone links with the availability, only where it is on', () => {
    renderFooter('en-US', 'v1');
    expect(screen.getByRole('link', { name: 'Email us' }).getAttribute('href')).toBe('mailto:support@shellgate.example');
    expect(screen.getByRole('link', { name: 'Call 1-888-555-0142' }).getAttribute('href')).toBe('tel:+18885550142');
    expect(screen.getByText(/Monday to Friday/)).toBeTruthy();
  });

  test('not in another market', () => {
    const { container } = renderFooter('en-GB', 'v1');
    expect(container.querySelector('.shell-us-contact')).toBeNull();
  });
});

describe('mobile app banner', () => {
  test.each<{ flags: Record<string, boolean>; shown: boolean }>([
    { flags: {}, shown: false },
    { flags: { mobileAppBanner: true }, shown: true },
    { flags: { mobileAppBanner: true, embeddedAppView: true }, shown: false },
  ])('flags $flags: shown $shown', ({ flags, shown }) => {
    const { container } = renderFooter('en-GB', 'v1', { flags });
    // Always in the markup (so the gateway can show it in the first HTML), hidden unless flagged.
    const banner = container.querySelector<HTMLElement>('.shell-app-banner');
    expect(banner !== null && !banner.hidden).toBe(shown);
    if (shown) {
      expect(screen.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toContain('/gb/');
      expect(screen.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toContain('gl=GB');
    }
  });
});

describe('partner credits and rich disclaimer', () => {
  test('credits show the institute logo, linked in a new tab', () => {
    renderFooter('de-DE', 'v2');
    const logo = screen.getByRole('img', { name: 'Partnerbank AG' });
    expect(logo.closest('a')!.getAttribute('target')).toBe('_blank');
  });

  test('the disclaimer keeps allowed markup only, links open in a new tab with the base path', () => {
    const { container } = renderFooter('en-US', 'v1', {
      footer: { disclaimerHtml: '<p style="text-align:right">See <a href="/banks/">banks</a><script>bad()</script><img src=x onerror=bad()></p>' },
    });
    const rich = container.querySelector('.shell-footer__rich')!;
    expect(rich.innerHTML).toBe('<p style="text-align: right;">See <a href="/en-us/banks/" target="_blank" rel="noreferrer">banks</a></p>');
  });
});

describe('market picker below lg', () => {
  function narrow() {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: !q.includes('min-width'), media: q, addEventListener() {}, removeEventListener() {} }));
  }

  test('opens a modal dialog that traps focus and closes on Escape, focus back on the button', async () => {
    narrow();
    const user = userEvent.setup();
    renderFooter('fr-FR', 'v1');
    const button = screen.getByRole('button', { name: /Choisir votre pays/ });
    await user.click(button);
    // The dialog is a chunk of its own: it comes once loaded.
    const dialog = await screen.findByRole('dialog', { name: 'Choisir votre pays' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Fermer' }));
    // The current market is highlighted and not a link.
    expect(within(dialog).queryByRole('link', { name: /France/ })).toBeNull();
    expect(within(dialog).getByText('France').closest('[aria-current="true"]')).not.toBeNull();
    // Tab from the last link wraps to the first focusable element.
    const focusables = within(dialog).getAllByRole('link');
    focusables[focusables.length - 1]!.focus();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(await axe(dialog)).toHaveNoViolations();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('the close button closes it', async () => {
    narrow();
    const user = userEvent.setup();
    renderFooter('de-DE', 'v2');
    await user.click(screen.getByRole('button', { name: /Land wählen/ }));
    await user.click(await screen.findByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('flags list a new market and move markets to the unified domain', async () => {
    narrow();
    const user = userEvent.setup();
    renderFooter('de-DE', 'v1', { flags: { 'b2cNewMarketLocales:it-it': true, 'b2cUnifiedDomainLocales:fr-fr': true } });
    await user.click(screen.getByRole('button', { name: /Land wählen/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: /Italia/ })).toBeTruthy();
    // {host}/{locale}/: the page's own host, as a root path the prerender can hold.
    expect(within(dialog).getByRole('link', { name: /France/ }).getAttribute('href')).toBe('/fr-fr/');
  });
});
