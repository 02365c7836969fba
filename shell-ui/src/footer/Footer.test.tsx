import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { axe } from '../../test/axe.ts';
import { content as de } from '../content/de-DE/index.ts';
import { content as en } from '../content/en-GB/index.ts';
import { ConsentSettingsEvent } from '../shell/consent.ts';
import { renderInShell } from '../../test/renderInShell.tsx';
import { Footer } from './Footer.tsx';


function renderFooter(content = de, designVersion = 'v1', year: number | string = 2026) {
  return renderInShell(<Footer content={content.footer} locale={content.locale} designVersion={designVersion} year={year} />, {
    locale: content.locale,
    basePath: content.basePath,
  });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Footer content', () => {
  test.each([
    { content: de, groups: ['Produkte', 'Wissen', 'Unternehmen', 'Service'], legal: ['Impressum', 'Datenschutz', 'AGB', 'Cookie-Einstellungen'], copyright: '© 2031 Shellgate GmbH', link: ['Kündigungsgeld', '/kuendigungsgeld/'] },
    { content: en, groups: ['Savings accounts', 'Learn', 'Company', 'Support'], legal: ['Imprint', 'Privacy', 'Terms', 'Cookie settings'], copyright: '© 2031 Shellgate UK Ltd', link: ['Notice accounts', '/en-gb/savings-accounts/notice-accounts/'] },
  ])('$content.locale shows its link groups, legal links and copyright year', ({ content, groups, legal, copyright, link }) => {
    renderFooter(content, 'v1', 2031);
    const nav = screen.getByRole('navigation', { name: content.footer.labels.footerNavigation });
    for (const heading of groups) expect(within(nav).getByRole('heading', { name: heading })).toBeTruthy();
    const [title, href] = link as [string, string];
    expect(within(nav).getByRole('link', { name: title, hidden: true }).getAttribute('href')).toBe(href);
    const legalNav = screen.getByRole('navigation', { name: content.footer.labels.legalNavigation });
    expect(within(legalNav).getAllByRole('link').map((a) => a.textContent)).toEqual(legal);
    expect(screen.getByText(copyright)).toBeTruthy();
  });

  test('the prerender writes the year slot as one text node', () => {
    renderFooter(de, 'v1', '[[shell:year]]');
    expect(screen.getByText('© [[shell:year]] Shellgate GmbH')).toBeTruthy();
  });

  test('external links open in a new tab, site links do not', () => {
    renderFooter(de);
    const faq = screen.getByRole('link', { name: 'Häufige Fragen', hidden: true });
    expect(faq.getAttribute('target')).toBe('_blank');
    // noreferrer implies noopener: the new tab gets no window.opener and no Referer.
    expect(faq.getAttribute('rel')).toBe('noreferrer');
    expect(screen.getByRole('link', { name: 'Impressum' }).getAttribute('target')).toBeNull();
  });

  test("social icons link to each network with a name and that network's glyph", () => {
    renderFooter(en);
    for (const network of ['Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube']) {
      const a = screen.getByRole('link', { name: `Shellgate on ${network}` });
      expect(a.getAttribute('href')).toMatch(/^https:\/\//);
      // The glyph is SocialIcons.css's, by this modifier (src/icons/icons.test.ts checks each has one).
      expect(a.classList.contains(`shell-social__link--${network.toLowerCase()}`)).toBe(true);
    }
    expect(screen.getByText('Follow us')).toBeTruthy();
  });

  test('the social heading can be hidden', () => {
    renderInShell(<Footer content={{ ...de.footer, hideSocialMediaHeading: true }} locale="de-DE" designVersion="v1" year={2026} />);
    expect(screen.queryByText('Folgen Sie uns')).toBeNull();
    expect(screen.getByRole('link', { name: 'Shellgate auf Facebook' })).toBeTruthy();
  });

  test('hideFooterLinks and hideCountryPicker remove their parts', () => {
    renderInShell(<Footer content={{ ...de.footer, hideFooterLinks: true, hideCountryPicker: true }} locale="de-DE" designVersion="v1" year={2026} />);
    expect(screen.queryByRole('navigation', { name: de.footer.labels.footerNavigation })).toBeNull();
    expect(screen.queryByRole('button', { name: /Land wählen/ })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Rechtliches' })).toBeTruthy();
  });

  test.each(['v1', 'v2'])('design version %s picks its layout', (version) => {
    const { container } = renderFooter(de, version);
    expect(container.querySelector('footer')!.className).toContain(`shell-footer--${version}`);
  });

  test('the cookie settings link opens the consent manager instead of navigating', async () => {
    const user = userEvent.setup();
    const showSecondLayer = vi.fn();
    (window as unknown as { UC_UI?: unknown }).UC_UI = { showSecondLayer };
    const heard = vi.fn();
    document.addEventListener(ConsentSettingsEvent, heard);
    renderFooter(de);
    await user.click(screen.getByRole('link', { name: 'Cookie-Einstellungen' }));
    expect(showSecondLayer).toHaveBeenCalledOnce();
    expect(heard).toHaveBeenCalledOnce();
    expect(window.location.hash).toBe('');
    document.removeEventListener(ConsentSettingsEvent, heard);
    delete (window as unknown as { UC_UI?: unknown }).UC_UI;
  });
});

describe('FooterLinkGroup', () => {
  test('each group is an accordion section: its button shows and hides its links', async () => {
    const user = userEvent.setup();
    renderFooter(de);
    const toggle = screen.getByRole('button', { name: 'Wissen' });
    const links = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const group = toggle.closest('.shell-link-group') as HTMLElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(group.dataset.open).toBeUndefined(); // closed: the stylesheet hides the links of a group without data-open
    expect(within(links).getAllByRole('link', { hidden: true }).length).toBe(5);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(group.dataset.open).toBe('true');
  });
});

describe('LegalLinks and active link', () => {
  test('the current page is marked in the footer too, case-insensitively', () => {
    window.history.replaceState(null, '', '/KONTAKT/');
    renderFooter(de);
    const current = document.querySelectorAll('a[aria-current="page"]');
    expect([...current].map((a) => a.getAttribute('href'))).toEqual(['/kontakt/']);
  });
});

describe('MarketPicker', () => {
  test('lists every market, highlights the current one without a link, and links the others', async () => {
    const user = userEvent.setup();
    renderFooter(en);
    const button = screen.getByRole('button', { name: 'Choose your country: United Kingdom' });
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list.hidden).toBe(true);
    await user.click(button);
    expect(list.hidden).toBe(false);
    const names = within(list).getAllByRole('listitem').map((li) => li.textContent);
    for (const country of ['Deutschland', 'United Kingdom', 'Österreich', 'Ireland', 'France', 'España', 'Nederland', 'Polska', 'Suomi', 'United States', 'Other']) {
      expect(names.some((n) => n?.includes(country))).toBe(true);
    }
    const current = within(list).getByText('United Kingdom').closest('[aria-current="true"]');
    expect(current?.tagName).toBe('SPAN');
    // Market links go to each market's site; the generic entry's root path gets no base path.
    expect(within(list).getByRole('link', { name: /Österreich/ }).getAttribute('href')).toBe('https://www.shellgate.at/');
    expect(within(list).getByRole('link', { name: /Other/ }).getAttribute('href')).toBe('/en/select-country/');
    // New markets wait for flag b2cNewMarketLocales.
    expect(names.some((n) => n?.includes('Schweiz'))).toBe(false);
  });

  test('Escape closes the picker and returns focus to its button', async () => {
    const user = userEvent.setup();
    renderFooter(de);
    const button = screen.getByRole('button', { name: /Land wählen/ });
    await user.click(button);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('Footer accessibility', () => {
  test.each([
    { content: de, version: 'v1' },
    { content: en, version: 'v2' },
  ])('$content.locale $version has no axe violations, with the picker and a group open', async ({ content, version }) => {
    const user = userEvent.setup();
    const { container } = renderFooter(content, version);
    expect(await axe(container)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: content.footer.footerLinks[0]!.heading }));
    await user.click(screen.getByRole('button', { name: new RegExp(content.footer.labels.marketPicker) }));
    expect(await axe(container)).toHaveNoViolations();
  });
});
