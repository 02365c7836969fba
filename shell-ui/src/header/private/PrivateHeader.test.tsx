import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { axe } from '../../../test/axe.ts';
import { findContentLocale } from '../../content/index.ts';
import type { Customer } from '../../model/shellState.gen.ts';
import { renderInShell } from '../../../test/renderInShell.tsx';
import { PrivateHeader } from './PrivateHeader.tsx';
import { LogoutAction, SwitchAccountAction } from './privateContent.ts';
import { privateContentLocales } from './privateContentLocales.ts';
import { EveryAccess, Personas } from './testing/personas.ts';
import { CopiedFeedback } from './useCopiedIdentifier.ts';
import { TooltipEnterDelay } from './useTooltip.ts';

afterEach(() => {
  vi.useRealTimers();
});

interface Page {
  locale?: string;
  customer?: Customer;
  access?: string[];
  flags?: Record<string, boolean>;
}

const clipboard = { writeText: vi.fn(async (_text: string) => {}) };

async function renderPrivate({ locale = 'de-DE', customer = Personas.active, access = [], flags = {} }: Page = {}) {
  const content = await findContentLocale(locale)!.load();
  const privateContent = await privateContentLocales[locale]!();
  const view = renderInShell(<PrivateHeader content={content} privateContent={privateContent} state={{ access, customer }} clipboard={() => clipboard} />, {
    locale,
    basePath: '',
    flags,
  });
  return { ...view, privateContent };
}

/** shown tells whether no gate hides el (a closed menu panel still counts as shown). */
const shown = (el: Element) => el.closest('[data-shell-flag][hidden]') === null;

/** navHrefs are the hrefs the private navigation shows, its menus' entries included. */
const navHrefs = () => [...document.querySelectorAll('nav a')].filter(shown).map((a) => a.getAttribute('href'));
const accountHrefs = () => [...document.querySelectorAll('[role="menu"] a')].filter(shown).map((a) => a.getAttribute('href'));
const avatarButton = () => screen.getByRole('button', { name: /Kontomenü|Account menu|Accountmenu|Menu del conto/ });

describe('private menus by product access and flags (spec 6)', () => {
  test.each<[string, Page, string[], string[]]>([
    ['de-DE, no access: legacy dashboard, finance, postbox', {}, ['/#/MyInvestments', '/steuern/', '/einlagensicherung/', '/postbox/messages'], ['/dashboard/', '/products/']],
    ['b2cUseNewDashboard: the new dashboard', { flags: { b2cUseNewDashboard: true } }, ['/dashboard/'], ['/#/MyInvestments']],
    ['fixed deposit: legacy term page', { access: ['HAS_FIXED_DEPOSIT_ACCOUNT'] }, ['/#/MyInvestments/TermDeposit'], ['/#/MyInvestments/Overnight', '/dashboard/savings/term/']],
    ['flex deposit with new deposit pages', { access: ['HAS_FLEX_DEPOSIT_ACCOUNT'], flags: { dbtShowNewMyDepositsPage: true } }, ['/dashboard/savings/term/'], ['/#/MyInvestments/TermDeposit']],
    ['overnight only', { access: ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT'] }, ['/#/MyInvestments/Overnight'], ['/#/MyInvestments/TermDeposit', '/products/']],
    ['notice, new pages', { access: ['HAS_NOTICE_DEPOSIT_ACCOUNT'], flags: { dbtShowNewMyDepositsPage: true } }, ['/dashboard/savings/notice/'], ['/#/MyInvestments/Notice']],
    ['offers need term or overnight product access', { access: ['overnight_product_access'] }, ['/products/', '/products/overnight/', '/products/notice/'], []],
    ['notice product access alone: no offers', { access: ['notice_product_access'] }, [], ['/products/']],
    ['managed portfolio', { access: ['HAS_MANAGED_PORTFOLIO'] }, ['/investments/wealth-management/dashboard'], ['/dashboard/investments/crypto']],
    ['crypto, robo, ETF configurator, pension', { access: ['HAS_CRYPTO', 'HAS_MIGRATED_ROBO', 'HAS_ETF_CONFIGURATOR', 'HAS_PENSION_PRODUCT'] }, ['/dashboard/investments/crypto', '/dashboard/investments/robo', '/dashboard/investments/etf-configurator', '/dashboard/investments/pension'], ['/investments/wealth-management/dashboard']],
    ['company customer: company tax and deposit-guarantee links', { customer: Personas.company }, ['/steuern/firmenkunden/', '/einlagensicherung/firmenkunden/'], ['/steuern/', '/einlagensicherung/']],
    ['the edge hides the finance menu (hide_finance_for)', { customer: Personas.partner, access: ['FINANCE_HIDDEN'] }, ['/postbox/messages'], ['/steuern/', '/einlagensicherung/']],
    ['a partner distributor the operator did not name keeps it', { customer: Personas.partner }, ['/steuern/', '/einlagensicherung/'], []],
    ['de-AT has no pension entry', { locale: 'de-AT', access: EveryAccess }, ['/dashboard/investments/crypto'], ['/dashboard/investments/pension']],
    ['en-GB, finance hidden by the edge', { locale: 'en-GB', customer: { ...Personas.active, distributorId: 'mse_savings_hub' }, access: ['FINANCE_HIDDEN'] }, ['/postbox/messages'], ['/deposit-protection/']],
    ['en-GB: no investments at all', { locale: 'en-GB', access: EveryAccess }, ['/#/MyInvestments/TermDeposit', '/products/'], ['/investments/wealth-management/dashboard']],
    ['nl-NL Beleggen needs the launch flag', { locale: 'nl-NL', access: ['HAS_MANAGED_PORTFOLIO'] }, [], ['/investments/wealth-management/dashboard']],
    ['nl-NL Beleggen with isDWMLaunchNL', { locale: 'nl-NL', access: ['HAS_MANAGED_PORTFOLIO'], flags: { isDWMLaunchNL: true } }, ['/investments/wealth-management/dashboard'], []],
    ['nl-NL Beleggen with ippDwmLaunchNl', { locale: 'nl-NL', access: ['HAS_MANAGED_PORTFOLIO'], flags: { ippDwmLaunchNl: true } }, ['/investments/wealth-management/dashboard'], []],
    ['it-IT: dashboard and new deposit pages, whatever the flags', { locale: 'it-IT', access: EveryAccess }, ['/dashboard/', '/dashboard/savings/term/', '/dashboard/savings/overnight/'], ['/#/MyInvestments', '/#/MyInvestments/TermDeposit']],
    ['de-CH: the same', { locale: 'de-CH', access: ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT'] }, ['/dashboard/', '/dashboard/savings/overnight/'], ['/dashboard/savings/term/', '/#/MyInvestments']],
  ])('%s', async (_name, page, present, absent) => {
    await renderPrivate(page);
    const hrefs = navHrefs();
    for (const href of present) expect(hrefs).toContain(href);
    for (const href of absent) expect(hrefs).not.toContain(href);
  });

  test.each([
    ['de-DE legacy dashboard', {}, '/?ad-click-id=EAIaIQ_x-1#/MyInvestments'],
    ['de-DE new dashboard', { flags: { b2cUseNewDashboard: true } }, '/dashboard/?ad-click-id=EAIaIQ_x-1'],
    ['it-IT dashboard', { locale: 'it-IT' }, '/dashboard/?ad-click-id=EAIaIQ_x-1'],
  ])('%s: the dashboard link takes the visit\'s ad-click-id (spec 2.3)', async (_name, page, want) => {
    sessionStorage.setItem('shell.adClickId', 'EAIaIQ_x-1');
    try {
      await renderPrivate(page);
      expect(navHrefs()).toContain(want);
      expect(navHrefs().filter((h) => h?.includes('ad-click-id'))).toEqual([want]); // the dashboard only
    } finally {
      sessionStorage.clear();
    }
  });

  test('a tampered stored ad-click-id never reaches the dashboard link', async () => {
    sessionStorage.setItem('shell.adClickId', '"><a href=//evil.example>');
    try {
      await renderPrivate({ flags: { b2cUseNewDashboard: true } });
      expect(navHrefs()).toContain('/dashboard/');
      expect(navHrefs().some((h) => h?.includes('evil'))).toBe(false);
    } finally {
      sessionStorage.clear();
    }
  });

  test('every private market shows the unread dot on its postbox only with unread messages', async () => {
    for (const locale of Object.keys(privateContentLocales)) {
      for (const customer of [Personas.active, Personas.unread]) {
        const { unmount } = await renderPrivate({ locale, customer });
        const dots = [...document.querySelectorAll('.shell-nav__badge')];
        expect(dots.length, locale).toBe(1);
        expect(shown(dots[0]!), locale).toBe(customer.showUnreadMessage);
        // A screen reader hears it with the link: "Postfach, Neue Nachrichten".
        expect(dots[0]!.closest('a')?.textContent?.length, locale).toBeGreaterThan(dots[0]!.textContent!.length);
        expect(dots[0]!.textContent!.trim(), locale).not.toBe('');
        unmount();
      }
    }
  });
});

describe('account menu entries (spec 2.2)', () => {
  // /account/sessions/: the customer's signed-in devices (ASVS 3.3.4), for every customer.
  const all = ['/postbox/messages', '/documents', '/account-transactions/', '/account-withdrawal', '/user-account', '/account/sessions/', '/my-details', '/notifications'];
  test.each<[string, Page, string[]]>([
    ['de-DE: every entry and the tax exemption order', {}, [...all.slice(0, 4), '/user-account', '/account/sessions/', '/my-details', '/exemption-order/overview', '/notifications']],
    ['de-DE with customerShowPaymentMethodScreens', { flags: { customerShowPaymentMethodScreens: true } }, [...all.slice(0, 4), '/payment-methods', '/user-account', '/account/sessions/', '/my-details', '/exemption-order/overview', '/notifications']],
    ['de-DE restricted: Messages, Documents, Login and security', { customer: Personas.restricted, flags: { customerShowPaymentMethodScreens: true } }, ['/postbox/messages', '/documents', '/user-account', '/account/sessions/']],
    ['nl-NL with the flag: payment methods, no tax exemption order', { locale: 'nl-NL', flags: { customerShowPaymentMethodScreens: true } }, [...all.slice(0, 4), '/payment-methods', ...all.slice(4)]],
    ['en-GB with the flag: no payment methods', { locale: 'en-GB', flags: { customerShowPaymentMethodScreens: true } }, all],
    ['it-IT', { locale: 'it-IT' }, all],
  ])('%s', async (_name, page, want) => {
    await renderPrivate(page);
    expect(accountHrefs()).toEqual(want);
  });
});

describe('avatar menu (WAI-ARIA menu button)', () => {
  test('opens on click, moves with the arrows, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    await renderPrivate();
    const button = avatarButton();
    expect(button).toHaveProperty('textContent', expect.stringContaining('AS'));
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu.closest('[hidden]')).not.toBeNull();

    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.closest('[hidden]')).toBeNull();
    const items = within(menu).getAllByRole('menuitem').filter(shown);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[items.length - 1]);
    expect(items[items.length - 1]!.textContent).toBe('Abmelden');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('opened by a click, Escape closes it with focus still on the button', async () => {
    const user = userEvent.setup();
    await renderPrivate();
    const button = avatarButton();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  test('ArrowUp opens on the last item; a click away closes', async () => {
    const user = userEvent.setup();
    await renderPrivate();
    avatarButton().focus();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Abmelden');
    await user.click(document.body);
    expect(avatarButton().getAttribute('aria-expanded')).toBe('false');
  });

  test.each<[string, Customer]>([
    ['switchable accounts and every product', Personas.switching],
    ['the not-available notice', Personas.maintenance],
    ['UK identifiers', Personas.uk],
  ])('the open menu, the balance box and the navigation have no axe violations: %s', async (_name, customer) => {
    const user = userEvent.setup();
    const { container } = await renderPrivate({ customer, access: EveryAccess });
    await user.click(avatarButton());
    expect(await axe(container)).toHaveNoViolations();
  });

  test('shows the customer name and the account identifiers as the edge formatted them', async () => {
    const user = userEvent.setup();
    await renderPrivate({ customer: Personas.uk, locale: 'en-GB' });
    await user.click(avatarButton());
    const menu = screen.getByRole('menu');
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    const ids = within(menu).getAllByRole('menuitem').filter(shown).map((i) => i.textContent);
    expect(ids.slice(0, 2)).toEqual(['Account number31926819Copy', 'Sort code60-16-13Copy']);
  });
});

describe('copying an account identifier (spec 4: copied for 3 s)', () => {
  const ibanItem = () => screen.getAllByRole('menuitem').find((i) => i.textContent?.includes('DE89'))!;

  test('copies the electronic IBAN, marks it copied for 3 s, then clears', async () => {
    clipboard.writeText.mockClear();
    await renderPrivate();
    fireEvent.click(avatarButton());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(ibanItem());
    });
    expect(clipboard.writeText).toHaveBeenCalledWith('DE89370400440532013000');
    expect(ibanItem().textContent).toContain('Kopiert');
    expect(document.querySelector('[aria-live="polite"]')!.textContent).toBe('Kopiert');
    act(() => vi.advanceTimersByTime(CopiedFeedback - 1));
    expect(ibanItem().textContent).toContain('Kopiert');
    act(() => vi.advanceTimersByTime(1));
    expect(ibanItem().textContent).toContain('Kopieren');
    expect(ibanItem().textContent).not.toContain('Kopiert');
  });

  test('closing the menu clears the mark at once', async () => {
    await renderPrivate();
    fireEvent.click(avatarButton());
    await act(async () => {
      fireEvent.click(ibanItem());
    });
    expect(ibanItem().textContent).toContain('Kopiert');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(avatarButton());
    expect(ibanItem().textContent).not.toContain('Kopiert');
  });

  test('a refused clipboard marks nothing', async () => {
    clipboard.writeText.mockRejectedValueOnce(new Error('denied'));
    await renderPrivate();
    fireEvent.click(avatarButton());
    await act(async () => {
      fireEvent.click(ibanItem());
    });
    expect(ibanItem().textContent).not.toContain('Kopiert');
  });
});

describe('balance box (spec 2.2, 5, 8)', () => {
  const box = () => document.querySelector<HTMLElement>('section.shell-balance')!;

  test.each<[string, Customer, { box: boolean; amounts: boolean; notice: boolean }]>([
    ['active: total and available', Personas.active, { box: true, amounts: true, notice: false }],
    ['pending activation: total 0 as the edge computed it', Personas.pending, { box: true, amounts: true, notice: false }],
    ['suspended account: no balance box', Personas.restricted, { box: false, amounts: false, notice: false }],
    ['maintenance: the not-available notice', Personas.maintenance, { box: true, amounts: false, notice: true }],
    ['accounts list failed, state unknown: the notice (spec 8)', Personas.accountsListFailing, { box: true, amounts: false, notice: true }],
    ['no account yet, nothing failed: no box', Personas.noAccountYet, { box: false, amounts: false, notice: false }],
    ['the customer data failed for good: the notice', Personas.dataUnavailable, { box: true, amounts: false, notice: true }],
    ['no customer data configured: no box', Personas.noCustomerData, { box: false, amounts: false, notice: false }],
  ])('%s', async (_name, customer, want) => {
    await renderPrivate({ customer });
    expect(shown(box())).toBe(want.box);
    expect(box().querySelector<HTMLElement>('.shell-balance__figures')!.hidden).toBe(!want.amounts);
    expect(box().querySelector<HTMLElement>('.shell-balance__notice')!.hidden).toBe(!want.notice);
    // On a phone the bar has no box: the account menu carries the notice and its reason.
    const inMenu = document.querySelector<HTMLElement>('.shell-account__notice')!;
    expect(inMenu.hidden).toBe(!want.notice);
    if (want.notice) expect(inMenu.textContent).toBe(customer.notAvailableMessage!.title + customer.notAvailableMessage!.tooltipText);
  });

  test('pending activation shows the zero total the edge sent', async () => {
    await renderPrivate({ customer: Personas.pending });
    expect(box().querySelector('.shell-balance__amount')!.textContent).toBe('0,00 €');
  });

  test('shows the formatted amounts and marks a negative one', async () => {
    await renderPrivate({ customer: Personas.negative });
    expect(box().textContent).toContain('12.345,67 €');
    expect(box().textContent).toContain('-20,00 €');
    const marks = [...box().querySelectorAll('.shell-balance__negative')].map(shown);
    expect(marks).toEqual([false, true]);
  });

  test('the notice tooltip shows after a 50 ms rest and hides on leave; at once on focus', async () => {
    await renderPrivate({ customer: Personas.maintenance });
    expect(box().textContent).toContain('Saldo nicht verfügbar');
    const trigger = screen.getByRole('button', { name: 'Mehr erfahren' });
    const tooltip = document.getElementById(trigger.getAttribute('aria-describedby')!)!;
    expect(tooltip.textContent).toBe('Wir warten gerade unser System.');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerEnter(trigger);
    act(() => vi.advanceTimersByTime(TooltipEnterDelay - 1));
    expect(tooltip.hidden).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tooltip.hidden).toBe(false);
    fireEvent.pointerLeave(trigger);
    expect(tooltip.hidden).toBe(true);
    act(() => trigger.focus());
    expect(tooltip.hidden).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tooltip.hidden).toBe(true);
  });
});

describe('the account menu carries both balance figures (the bar shows the total alone below 1280 px)', () => {
  const figures = () => document.querySelector<HTMLElement>('.shell-account__balance')!;

  test.each<[string, Customer, string[] | null]>([
    ['active: total and available', Personas.active, ['Gesamtsaldo', '12.345,67 €', 'Verfügbar', '1.234,50 €']],
    ['maintenance: no figures (the bar has the notice)', Personas.maintenance, null],
    ['suspended account: no figures', Personas.restricted, null],
  ])('%s', async (_name, customer, want) => {
    await renderPrivate({ customer });
    expect(shown(figures())).toBe(want !== null);
    if (want) expect([...figures().querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual(want);
  });
});

describe('logout and account switching', () => {
  test('logout is a real POST form; the menu item submits it', async () => {
    await renderPrivate();
    const form = document.querySelector('form.shell-logout') as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe(LogoutAction);
    const button = within(form).getByRole('button', { name: 'Abmelden' });
    expect(button.getAttribute('type')).toBe('submit');
    // In the bar it is an icon: the word is its name and its tooltip.
    expect(button.getAttribute('title')).toBe('Abmelden');
    const item = screen.getAllByRole('menuitem', { hidden: true }).find((i) => i.textContent === 'Abmelden')!;
    expect(item.getAttribute('form')).toBe(form.id);
    expect(item.getAttribute('type')).toBe('submit');
  });

  // Never a dead end: without the customer's data the header still logs out and leads to the
  // account area (the edge sends these blocks instead of the loading header for good).
  test.each<[string, Customer]>([
    ['the customer data failed', Personas.dataUnavailable],
    ['no customer data configured', Personas.noCustomerData],
  ])('%s: logout and the account area', async (_name, customer) => {
    await renderPrivate({ customer });
    const form = document.querySelector('form.shell-logout') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe(LogoutAction);
    expect(within(form).getByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(accountHrefs()).toContain('/user-account');
    expect(document.body.textContent).not.toContain('[[shell:');
    await userEvent.click(avatarButton());
    expect(screen.getAllByRole('menuitem').some((i) => i.textContent === 'Abmelden')).toBe(true);
  });

  test('switchable accounts: one POST form each with the customer id', async () => {
    await renderPrivate({ customer: Personas.switching });
    const group = screen.getByRole('group', { name: 'Konto wechseln', hidden: true });
    const forms = [...group.querySelectorAll('form')];
    expect(forms.map((f) => [f.getAttribute('action'), f.method, (f.elements.namedItem('customerId') as HTMLInputElement).value, f.textContent])).toEqual([
      [SwitchAccountAction, 'post', '4711', 'Lena Schmidt'],
      [SwitchAccountAction, 'post', '4712', 'Paul Schmidt'],
    ]);
  });

  test('no switchable accounts: no list', async () => {
    await renderPrivate();
    expect(screen.queryByRole('group', { hidden: true })).toBeNull();
  });
});

describe('a partner customer’s header (cobranding)', () => {
  const logo = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='96' height='28'/%3E";
  test.each([
    ['the cobranding logo, named', { distributorId: 'dkb_retail', logoUrl: logo }, logo, ''],
    ['a refused logo: the partner’s name as text', { distributorId: 'dkb_retail', logoUrl: '' }, null, 'DKB'],
    ['the customer’s distributor when the answer names none', { distributorId: '', logoUrl: logo }, logo, ''],
  ])('%s', async (_name, cobranding, src, text) => {
    const { container } = await renderPrivate({ customer: { ...Personas.partner, cobranding } });
    const slot = container.querySelector('.shell-header__brand [data-shell-partner]');
    expect(slot).not.toBeNull();
    expect(slot!.querySelector('img')?.getAttribute('src') ?? null).toBe(src);
    if (src) expect(screen.getByRole('img', { name: 'DKB' })).toBeDefined();
    expect(slot!.textContent).toBe(text);
  });

  test('a customer of our own distributors: no partner', async () => {
    const { container } = await renderPrivate();
    expect(container.querySelector('[data-shell-partner]')).toBeNull();
  });
});
