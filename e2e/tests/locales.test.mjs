// Every market's shell in a real browser, at desktop (1440 px) and phone (390 px) width:
// the header and menus in the market's language, drop-downs by mouse and keyboard, the
// phone menu panel over the page, the footer, the market picker, no axe violations and no
// layout shift. What to expect comes from the content modules, never from this file.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { viewports } from '../lib/browser.mjs';
import { sel, shellClass } from '../lib/classes.mjs';
import { box, openContext, pagesAtOnce, screenshotPath, settled, useSuite, waitForShellReady, wheel } from '../lib/suite.mjs';
import { startDesignV2Gateway } from './design-v2-gateway.mjs';
import { loadLocaleContent } from './locale-content.mjs';

const suite = useSuite();
const { locales, markets, headerData, pickerMarkets } = await loadLocaleContent();
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const header = '[data-shell="header"]';
const footer = '[data-shell="footer"]';

// Records every layout shift from the first paint on (as layout-stability.test.mjs does).
function recordLayoutShifts() {
  window.__shifts = [];
  const record = (entries) => {
    for (const e of entries) {
      if (!e.hadRecentInput) window.__shifts.push({ value: e.value, at: Math.round(e.startTime), moved: e.sources.map((s) => s.node?.nodeName ?? '?') });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  // The shifts so far, also those whose observer callback has not run yet.
  window.__takeShifts = () => {
    record(observer.takeRecords());
    return window.__shifts;
  };
}

async function stateOf(base, path) {
  const res = await fetch(`${base}/_shell/state?path=${encodeURIComponent(path)}`);
  assert.equal(res.status, 200, `/_shell/state for ${path}`);
  return res.json();
}

// The nav items a visitor sees: flag-dependent ones only when the state has the flag.
const shownNav = (data, flags) => data.navItems.filter((i) => i.flags === undefined || i.flags.some((f) => flags[f] === true));
const linkCount = (subMenus) =>
  ['top', 'main', 'sidebar', 'bottom'].flatMap((a) => subMenus[a] ?? []).filter((i) => typeof i.href === 'string' && i.href !== '').length;

const isFocused = (locator) => locator.evaluate((el) => el === document.activeElement);
const focusInside = (locator) => locator.evaluate((el) => el.contains(document.activeElement));
const controlled = (tab, button) => button.getAttribute('aria-controls').then((id) => tab.locator(`[id="${id}"]`));
const settle = (locator) => locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));

async function visible(locator) {
  const found = [];
  for (let i = 0; i < (await locator.count()); i++) if (await locator.nth(i).isVisible()) found.push(locator.nth(i));
  return found;
}

/**
 * Runs axe-core on what the gateway added (every data-shell element, open menus and dialogs
 * included) as it is now; fails with each violation and where. The content page around it is
 * the content team's and left out.
 */
async function assertNoAxeViolations(tab, when) {
  if (!(await tab.evaluate(() => 'axe' in window))) await tab.addScriptTag({ content: axeSource });
  const violations = await tab.evaluate(async () => {
    const result = await window.axe.run({ include: [...document.querySelectorAll('body [data-shell]')] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}; at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(violations, [], `axe-core violations ${when}`);
}

// Every shell link to this page is marked aria-current="page", and no other link is.
async function assertActiveLinks(tab) {
  const marks = await tab.evaluate(() => {
    const here = location.pathname.toLowerCase();
    return [...document.querySelectorAll('[data-shell] a[href]')].map((a) => {
      const url = new URL(a.getAttribute('href'), location.href);
      return { href: a.getAttribute('href'), current: a.getAttribute('aria-current'), same: url.origin === location.origin && url.pathname.toLowerCase() === here && (url.hash === '' || url.hash === location.hash) };
    });
  });
  const wrong = marks.filter((m) => m.same !== (m.current === 'page'));
  assert.deepEqual(wrong, [], 'aria-current="page" on exactly the links to this page');
  assert.ok(marks.some((m) => m.current === 'page'), 'some shell link (the logo at least) points at this home page and is marked current');
}

async function checkHeader(tab, { content, data, nav, width }) {
  const { labels } = content.header;
  const logo = tab.locator(header).getByRole('link', { name: `${data.logoItems[0].alt} – ${labels.homeLink}`, exact: true });
  assert.equal(await logo.isVisible(), true, `logo link "${data.logoItems[0].alt}" visible`);
  const logoBox = await box(logo);
  assert.ok(logoBox.y >= 0 && logoBox.y + logoBox.height <= 80, `logo inside the header bar: ${JSON.stringify(logoBox)}`);

  // The actions: in the bar from lg, in the bottom action bar on phones.
  for (const action of data.actionItems) {
    const shown = await visible(tab.locator(header).getByRole('link', { name: action.title, exact: true }));
    assert.equal(shown.length, 1, `action "${action.title}" visible once`);
    const b = await box(shown[0]);
    if (width === 'mobile') assert.ok(b.y > viewports.mobile.viewport.height - 100, `"${action.title}" sits in the bottom bar: y=${b.y}`);
    else assert.ok(b.y < 80, `"${action.title}" sits in the header bar: y=${b.y}`);
  }

  const navLocator = tab.locator(header).getByRole('navigation', { name: labels.mainNavigation, exact: true });
  const hamburger = tab.locator(header).getByRole('button', { name: labels.openMenu, exact: true });
  if (nav.length === 0) {
    assert.equal(await navLocator.count(), 0, 'no main navigation when the market has no menus');
    assert.equal(await hamburger.count(), 0, 'no hamburger when the market has no menus');
    return;
  }
  if (width === 'mobile') {
    assert.equal(await hamburger.isVisible(), true, 'hamburger visible');
    assert.equal(await navLocator.isVisible(), false, 'navigation folded away behind the hamburger');
    return;
  }
  assert.equal(await hamburger.isVisible(), false, 'no hamburger from lg');
  const entries = navLocator.locator(':scope > ul > li > :is(a, button):visible');
  assert.deepEqual((await entries.allInnerTexts()).map((s) => s.trim()), nav.map((i) => i.title), 'top-level menus in the market\'s words and order');
}

async function checkDropdowns(tab, nav) {
  const withPanels = nav.filter((i) => i.subMenus);
  const buttons = await visible(tab.locator(`${header} nav button[aria-expanded][aria-controls]`));
  assert.equal(buttons.length, withPanels.length, 'one drop-down button per menu with a panel');
  if (buttons.length === 0) return;
  const panels = await Promise.all(buttons.map((b) => controlled(tab, b)));
  // Every use waits for the panel it closes to hide.
  const away = () => tab.mouse.move(720, 600);

  // Mouse: resting on a button opens its panel; leaving closes it.
  for (const [i, button] of buttons.entries()) {
    assert.equal(await button.getAttribute('aria-expanded'), 'false', `${withPanels[i].title} closed at first`);
    await button.hover();
    await panels[i].waitFor({ state: 'visible', timeout: 2000 });
    assert.equal(await button.getAttribute('aria-expanded'), 'true', `${withPanels[i].title} open on hover`);
    assert.equal(await panels[i].locator('a[href]').count(), linkCount(withPanels[i].subMenus), `${withPanels[i].title}: every link of the content`);
    await away();
    await panels[i].waitFor({ state: 'hidden', timeout: 2000 });
  }

  // Click: one open at a time; a click away closes.
  await buttons[0].click();
  await panels[0].waitFor({ state: 'visible', timeout: 2000 });
  if (buttons.length > 1) {
    await buttons[1].click();
    await panels[1].waitFor({ state: 'visible', timeout: 2000 });
    assert.equal(await panels[0].isVisible(), false, 'the first panel closes when the second opens');
    assert.equal(await buttons[0].getAttribute('aria-expanded'), 'false');
  }
  const open = await box(buttons.length > 1 ? panels[1] : panels[0]);
  await tab.mouse.click(8, Math.min(viewports.desktop.viewport.height - 8, open.y + open.height + 24));
  for (const p of panels) await p.waitFor({ state: 'hidden', timeout: 2000 });
  await away();

  // Keyboard: Enter and Space open, Tab goes in, Escape closes and gives focus back.
  for (const key of ['Enter', ' ']) {
    await buttons[0].focus();
    await tab.keyboard.press(key);
    await panels[0].waitFor({ state: 'visible', timeout: 2000 });
    assert.equal(await buttons[0].getAttribute('aria-expanded'), 'true', `${JSON.stringify(key)} opens`);
    await tab.keyboard.press('Tab');
    assert.ok(await focusInside(panels[0]), 'Tab moves into the open panel');
    await tab.keyboard.press('Escape');
    await panels[0].waitFor({ state: 'hidden', timeout: 2000 });
    assert.equal(await buttons[0].getAttribute('aria-expanded'), 'false');
    assert.ok(await isFocused(buttons[0]), 'Escape returns focus to the menu button');
  }
}

async function checkMobilePanel(tab, ctx) {
  if (ctx.nav.length === 0) return;
  try {
    await usePanel(tab, ctx);
  } finally {
    // A failed check must not leave the panel over the footer for the next checks.
    const closer = tab.locator(header).getByRole('button', { name: ctx.content.header.labels.closeMenu, exact: true });
    if (await closer.isVisible()) await closer.tap();
  }
}

async function usePanel(tab, { content, nav, name }) {
  const { labels } = content.header;
  const hamburger = tab.locator(header).getByRole('button', { name: labels.openMenu, exact: true });
  const panel = await controlled(tab, hamburger);
  const scrollY = () => tab.evaluate(() => window.scrollY);
  const contentTop = async () => (await box(tab.locator('main.content'))).y;

  await tab.mouse.move(195, 500);
  await wheel(tab, 200);
  assert.ok((await scrollY()) > 0, 'the page scrolls while the panel is closed');
  await tab.evaluate(() => window.scrollTo(0, 0));
  const before = await contentTop();
  const bar = await box(tab.locator(sel(`${header} .shell-header__bar`)));

  await hamburger.tap();
  await panel.waitFor({ state: 'visible', timeout: 2000 });
  await settle(panel);
  const closer = tab.locator(header).getByRole('button', { name: labels.closeMenu, exact: true });
  assert.equal(await closer.getAttribute('aria-expanded'), 'true', 'the toggle says the panel is open');

  // Over the page, below the header bar, full width, scrolling on its own.
  const p = await box(panel);
  const vw = viewports.mobile.viewport;
  assert.equal(await contentTop(), before, 'opening the panel does not push the page content down');
  assert.ok(Math.abs(p.y - (bar.y + bar.height)) <= 1.5, `panel starts under the ${bar.height}px header bar: y=${p.y}`);
  assert.ok(Math.abs(p.x) < 1 && Math.abs(p.width - vw.width) < 1, `panel spans the screen: x=${p.x} width=${p.width}`);
  assert.ok(p.y + p.height <= vw.height + 1, `panel ends inside the screen: bottom ${p.y + p.height} of ${vw.height}`);
  const style = await panel.evaluate((el) => ({ position: getComputedStyle(el).position, overflowY: getComputedStyle(el).overflowY }));
  assert.equal(style.position, 'fixed', 'the panel overlays the page');
  assert.match(style.overflowY, /auto|scroll/, 'the panel scrolls inside');
  assert.equal(await tab.locator('main.content h1').evaluate((h1) => {
    const r = h1.getBoundingClientRect();
    return document.elementFromPoint(r.x + 5, r.y + 5) === h1 || h1.contains(document.elementFromPoint(r.x + 5, r.y + 5));
  }), false, 'the panel covers the page content under it');

  await tab.mouse.move(195, 500);
  await wheel(tab, 400);
  assert.equal(await scrollY(), 0, 'the page does not scroll behind the open panel');
  await tab.screenshot({ path: screenshotPath(`locale-${name}-390-menu-open.png`) });

  // Accordion: every menu with a panel is a button; one section open at a time.
  const sections = await visible(panel.locator('button[aria-expanded][aria-controls]'));
  assert.equal(sections.length, nav.filter((i) => i.subMenus).length, 'one accordion button per menu with a panel');
  const titles = (await panel.locator('nav > ul > li > :is(a, button):visible').allInnerTexts()).map((s) => s.trim());
  assert.deepEqual(titles, nav.map((i) => i.title), 'panel lists the menus in the market\'s words and order');
  if (sections.length > 0) {
    const regions = await Promise.all(sections.map((s) => controlled(tab, s)));
    await sections[0].tap();
    await regions[0].waitFor({ state: 'visible', timeout: 2000 });
    if (sections.length > 1) {
      await sections[1].tap();
      await regions[1].waitFor({ state: 'visible', timeout: 2000 });
      assert.equal(await sections[0].getAttribute('aria-expanded'), 'false', 'the first section folds when the second opens');
    }
    const open = sections.length > 1 ? sections[1] : sections[0];
    // With a section open the panel may outgrow the screen: then it scrolls, the page not.
    if (await panel.evaluate((el) => el.scrollHeight > el.clientHeight)) {
      await tab.mouse.move(195, 400);
      await wheel(tab, 300);
      assert.ok((await panel.evaluate((el) => el.scrollTop)) > 0, 'the panel scrolls inside');
      assert.equal(await scrollY(), 0, 'the page behind stays put');
    }
    await open.focus();
    await tab.keyboard.press('Escape');
    assert.equal(await open.getAttribute('aria-expanded'), 'false', 'Escape folds the open section first');
    assert.equal(await closer.getAttribute('aria-expanded'), 'true', 'and leaves the panel open');
  }
  await assertNoAxeViolations(tab, 'with the phone menu open');

  await tab.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden', timeout: 2000 });
  assert.ok(await isFocused(hamburger), 'Escape closes the panel and returns focus to the hamburger');

  await hamburger.tap();
  await panel.waitFor({ state: 'visible', timeout: 2000 });
  await closer.tap();
  await panel.waitFor({ state: 'hidden', timeout: 2000 });
  await tab.mouse.move(195, 500);
  await wheel(tab, 200);
  assert.ok((await scrollY()) > 0, 'the page scrolls again once the panel is closed');
  await tab.evaluate(() => window.scrollTo(0, 0));
}

async function checkFooter(tab, { content, state, width }) {
  const f = content.footer;
  const el = tab.locator(`${footer} footer`);
  assert.match(await el.getAttribute('class'), new RegExp(`(^| )${shellClass(`shell-footer--${state.designVersion}`)}( |$)`), `footer layout ${state.designVersion}`);
  if (!f.hideFooterLinks) {
    const nav = tab.locator(footer).getByRole('navigation', { name: f.labels.footerNavigation, exact: true });
    const headings = (await nav.getByRole('heading').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(headings, f.footerLinks.map((g) => g.heading), 'footer link groups in the market\'s words');
    if (width === 'mobile' && f.footerLinks.length > 0) {
      // An accordion on phones: folded, and a tap unfolds a group.
      const toggle = nav.getByRole('button', { name: f.footerLinks[0].heading, exact: true });
      const links = await controlled(tab, toggle);
      assert.equal(await links.isVisible(), false, 'link groups folded on phones');
      await toggle.tap();
      await links.waitFor({ state: 'visible', timeout: 2000 });
      assert.equal(await links.locator('a[href]').count(), f.footerLinks[0].links.filter((l) => l.href).length);
      await toggle.tap();
    }
  }
  const legal = tab.locator(footer).getByRole('navigation', { name: f.labels.legalNavigation, exact: true });
  assert.deepEqual((await legal.locator('li').allInnerTexts()).map((s) => s.trim()), f.legalLinks.map((l) => l.title), 'legal links');
  const copyright = f.labels.copyright.replace('{year}', String(state.year));
  assert.equal(await tab.locator(footer).getByText(copyright, { exact: true }).isVisible(), true, `"${copyright}" visible`);
}

async function checkPicker(tab, { content, locale, state, width, name, base }) {
  const f = content.footer;
  if (f.hideCountryPicker) return;
  const listed = pickerMarkets(markets, { current: locale, flags: state.flags, origin: base });
  const here = listed.find((m) => m.locale === locale);
  assert.ok(here, `${locale} is in the market list`);
  const openers = await visible(tab.locator(footer).getByRole('button', { name: `${f.labels.marketPicker}: ${here.country}`, exact: true }));
  assert.equal(openers.length, 1, 'one market picker button visible');
  const opener = openers[0];
  await opener.scrollIntoViewIfNeeded();
  assert.equal(await opener.getAttribute('aria-expanded'), 'false');
  const popup = await controlled(tab, opener);

  if (width === 'mobile') {
    assert.equal(await opener.getAttribute('aria-haspopup'), 'dialog', 'on phones the picker says it opens a dialog');
    await opener.tap();
    const dialog = tab.getByRole('dialog', { name: f.labels.marketPicker, exact: true });
    await dialog.waitFor({ state: 'visible', timeout: 2000 });
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.equal(await dialog.getAttribute('id'), await opener.getAttribute('aria-controls'), 'aria-controls names the dialog');
    assert.equal(await opener.getAttribute('aria-expanded'), 'true');
    assert.ok(await focusInside(dialog), 'focus moves into the dialog');
    const d = await box(dialog);
    assert.ok(d.width <= 414 + 0.5 && d.y + d.height <= viewports.mobile.viewport.height + 1, `dialog fits the screen: ${JSON.stringify(d)}`);
    await assertMarketList(dialog, listed, here);
    await settle(dialog);
    await tab.screenshot({ path: screenshotPath(`locale-${name}-${viewports.mobile.viewport.width}-picker-open.png`) });
    await assertNoAxeViolations(tab, 'with the market dialog open');
    await tab.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 2000 });
    assert.ok(await isFocused(opener), 'Escape closes the dialog and returns focus to the picker button');
    assert.equal(await opener.getAttribute('aria-expanded'), 'false');
    await opener.tap();
    await dialog.waitFor({ state: 'visible', timeout: 2000 });
    await dialog.getByRole('button', { name: f.labels.closeDialog, exact: true }).tap();
    await dialog.waitFor({ state: 'detached', timeout: 2000 });
    assert.ok(await isFocused(opener), 'the close button returns focus to the picker button');
    return;
  }

  // From lg: a disclosure of the market links (the header menus' pattern), not a popup.
  assert.equal(await opener.getAttribute('aria-haspopup'), null, 'from lg the picker discloses a list of links');
  await opener.click();
  await popup.waitFor({ state: 'visible', timeout: 2000 });
  assert.equal(await opener.getAttribute('aria-expanded'), 'true');
  assert.equal(await popup.evaluate((el) => el.tagName), 'UL', 'the markets are a list of links');
  await assertMarketList(popup, listed, here);
  const p = await box(popup);
  assert.ok(p.x >= 0 && p.x + p.width <= viewports.desktop.viewport.width, `the list stays on screen: ${JSON.stringify(p)}`);
  await settle(popup);
  await tab.screenshot({ path: screenshotPath(`locale-${name}-${viewports.desktop.viewport.width}-picker-open.png`) });
  await assertNoAxeViolations(tab, 'with the market list open');
  await tab.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden', timeout: 2000 });
  assert.ok(await isFocused(opener), 'Escape closes the market list and returns focus');

  // Keyboard: Enter opens, Tab goes into the list, Escape closes and returns focus.
  await tab.keyboard.press('Enter');
  await popup.waitFor({ state: 'visible', timeout: 2000 });
  await tab.keyboard.press('Tab');
  assert.ok(await focusInside(popup), 'Tab moves into the open list');
  await tab.keyboard.press('Escape');
  await popup.waitFor({ state: 'hidden', timeout: 2000 });
  assert.ok(await isFocused(opener), 'focus back on the picker button');
}

// Every listed market once, in order; the current one highlighted and not a link.
async function assertMarketList(container, listed, here) {
  const names = (await container.locator('li:visible').allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  assert.equal(names.length, listed.length, `every market listed: ${names.join(', ')}`);
  listed.forEach((m, i) => assert.ok(names[i].includes(m.country), `market ${i + 1} is ${m.country}: ${names[i]}`));
  const current = container.locator('[aria-current]');
  assert.equal(await current.count(), 1, 'one current market');
  assert.match(await current.innerText(), new RegExp(here.country));
  assert.equal(await current.evaluate((el) => el.closest('a[href]') === null && el.querySelector('a[href]') === null), true, 'the current market is not a link');
  assert.notEqual(await current.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)', 'the current market is highlighted');
  assert.equal(await container.locator('li:visible a[href]').count(), listed.length - 1, 'every other market is a link');
}

/** Opens a locale's page through a gateway; checks status, hydration, CLS; keeps a screenshot. */
async function openMarketPage(t, context, { base, path, locale, content, width, name }) {
  const state = await stateOf(base, path);
  assert.equal(state.locale, locale, `the gateway serves ${path} as ${locale}`);
  const data = headerData(content, state.headerVariant);
  const nav = shownNav(data, state.flags ?? {});
  const tab = await context.newPage();
  await tab.addInitScript(recordLayoutShifts);
  const res = await tab.goto(base + path);
  assert.equal(res.status(), 200);
  await waitForShellReady(tab);
  await settled(tab); // a late shift still lands in the record
  await tab.screenshot({ path: screenshotPath(`locale-${name}-${viewports[width].viewport.width}.png`), fullPage: true });
  const shifts = await tab.evaluate(() => window.__takeShifts());
  const cls = shifts.reduce((sum, s) => sum + s.value, 0);
  t.diagnostic(`CLS ${cls.toFixed(4)}`);
  assert.equal(cls, 0, `no layout shift when React takes over: ${JSON.stringify(shifts)}`);
  return { tab, ctx: { content, locale, state, data, nav, width, name, base } };
}

for (const width of ['desktop', 'mobile']) {
  const px = viewports[width].viewport.width;
  describe(`every market at ${px} px`, { concurrency: pagesAtOnce }, () => {
    for (const { locale, path, content } of locales) {
      test(`${locale} ${path}`, async (t) => {
        const { context, problems } = await openContext(suite.browser, width);
        context.setDefaultTimeout(5000); // a missing element fails in seconds, not half a minute
        try {
          const { tab, ctx } = await openMarketPage(t, context, { base: suite.base, path, locale, content, width, name: locale });
          await t.test('header', () => checkHeader(tab, ctx));
          await t.test('aria-current', () => assertActiveLinks(tab));
          await t.test('axe-core, nothing open', () => assertNoAxeViolations(tab, 'on the page as loaded'));
          if (width === 'desktop') await t.test('drop-downs', () => checkDropdowns(tab, ctx.nav));
          else await t.test('phone menu panel', () => checkMobilePanel(tab, ctx));
          await t.test('footer', () => checkFooter(tab, ctx));
          await t.test('market picker', () => checkPicker(tab, ctx));
          assert.deepEqual(problems, [], 'no console errors, no failed shell assets');
        } finally {
          await context.close();
        }
      });
    }
  });
}

// The country banner sits above the header bar in the header mount: the panel must still
// start right under the bar, not at a fixed 64 px.
describe('phone menu panel under the country banner', () => {
  const market = locales.find(({ content }) => content.header.variants.public.navItems.length > 0);
  test(`${market.locale} ${market.path}?region_redirect=1`, async () => {
    const { context, problems } = await openContext(suite.browser, 'mobile');
    context.setDefaultTimeout(5000);
    try {
      const tab = await context.newPage();
      await tab.goto(`${suite.base}${market.path}?region_redirect=1`);
      await waitForShellReady(tab);
      const bar = await box(tab.locator(sel(`${header} .shell-header__bar`)));
      assert.ok(bar.y >= 20, `the banner pushes the header bar down (bar at y=${bar.y}); without it this test checks nothing`);
      const contentTop = (await box(tab.locator('main.content'))).y;
      const hamburger = tab.locator(header).getByRole('button', { name: market.content.header.labels.openMenu, exact: true });
      const panel = await controlled(tab, hamburger);
      await hamburger.tap();
      await panel.waitFor({ state: 'visible', timeout: 2000 });
      const p = await box(panel);
      assert.ok(Math.abs(p.y - (bar.y + bar.height)) <= 1.5, `panel starts under the bar (${bar.y + bar.height}), at ${p.y}`);
      assert.equal((await box(tab.locator('main.content'))).y, contentTop, 'the page content stays where it was');
      await tab.screenshot({ path: screenshotPath(`locale-${market.locale}-390-menu-open-banner.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});

// Footer v2 is the operator's design_version: a second gateway with it, same origin.
describe('every market with footer v2', { concurrency: pagesAtOnce }, () => {
  let v2 = null;
  before(async () => {
    v2 = await startDesignV2Gateway(suite.origin);
  });
  after(async () => {
    await v2?.stop();
  });
  for (const width of ['desktop', 'mobile']) {
    for (const { locale, path, content } of locales) {
      test(`${locale} ${path} at ${viewports[width].viewport.width} px`, async (t) => {
        const { context, problems } = await openContext(suite.browser, width);
        context.setDefaultTimeout(5000);
        try {
          const { tab, ctx } = await openMarketPage(t, context, { base: v2.base, path, locale, content, width, name: `${locale}-footer-v2` });
          assert.equal(ctx.state.designVersion, 'v2', 'the second gateway serves design v2');
          await t.test('footer', () => checkFooter(tab, ctx));
          await t.test('market picker', () => checkPicker(tab, ctx));
          assert.deepEqual(problems, [], 'no console errors, no failed shell assets');
        } finally {
          await context.close();
        }
      });
    }
  }
});
