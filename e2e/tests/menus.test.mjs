// The header's menus work for a mouse user, a keyboard user and on a phone.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pages } from '../lib/pages.mjs';
import { openContext, useSuite, waitForShellReady, wheel } from '../lib/suite.mjs';

const suite = useSuite();
const menuPages = pages.filter((p) => p.slug === 'home' || p.slug === 'festgeld');

// Disclosure buttons of the header: a button that says which panel it controls.
const disclosures = '[data-shell="header"] button[aria-expanded][aria-controls]';

async function visibleDisclosures(tab) {
  const all = tab.locator(disclosures);
  const found = [];
  for (let i = 0; i < (await all.count()); i++) {
    if (await all.nth(i).isVisible()) found.push(all.nth(i));
  }
  return found;
}

async function panelOf(tab, button) {
  const id = await button.getAttribute('aria-controls');
  return tab.locator(`[id="${id}"]`);
}

async function isFocused(locator) {
  return locator.evaluate((el) => el === document.activeElement);
}

async function open(context, path, base) {
  const tab = await context.newPage();
  await tab.goto(base + path);
  await waitForShellReady(tab);
  return tab;
}

describe('desktop menus', () => {
  for (const page of menuPages) {
    test(`${page.market} ${page.path}: mouse opens a menu, Escape closes it`, async () => {
      const { context, problems } = await openContext(suite.browser, 'desktop');
      try {
        const tab = await open(context, page.path, suite.base);
        const buttons = await visibleDisclosures(tab);
        assert.ok(buttons.length >= 2, `several nav menus visible on desktop, found ${buttons.length}`);
        const button = buttons[0];
        const panel = await panelOf(tab, button);
        assert.equal(await panel.isVisible(), false, 'menu closed at first');

        // Hover opens it where hover is wired; otherwise a click must.
        await button.hover();
        await button.and(tab.locator('[aria-expanded="true"]')).waitFor({ timeout: 2000 }).catch(() => {});
        if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
        assert.equal(await button.getAttribute('aria-expanded'), 'true');
        await panel.waitFor({ state: 'visible', timeout: 2000 });
        assert.ok((await panel.locator('a[href]').count()) > 0, 'the open panel has links');

        // Only one menu at a time.
        if (buttons.length > 1) {
          await buttons[1].click();
          await (await panelOf(tab, buttons[1])).waitFor({ state: 'visible', timeout: 2000 });
          await panel.waitFor({ state: 'hidden', timeout: 2000 });
          assert.equal(await button.getAttribute('aria-expanded'), 'false', 'first menu closed when the second opens');
          await buttons[1].focus();
          await tab.keyboard.press('Escape');
          await (await panelOf(tab, buttons[1])).waitFor({ state: 'hidden', timeout: 2000 });
          assert.equal(await buttons[1].getAttribute('aria-expanded'), 'false');
        } else {
          await tab.keyboard.press('Escape');
          await panel.waitFor({ state: 'hidden', timeout: 2000 });
        }
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`${page.market} ${page.path}: keyboard Tab, Enter, Escape`, async () => {
      const { context, problems } = await openContext(suite.browser, 'desktop');
      try {
        const tab = await open(context, page.path, suite.base);
        const [button] = await visibleDisclosures(tab);
        assert.ok(button, 'a nav menu button is visible');
        const panel = await panelOf(tab, button);

        // Tab from the top of the page until the first menu button has focus.
        let tabs = 0;
        while (!(await isFocused(button))) {
          assert.ok(++tabs <= 40, 'the first menu button is reachable with Tab');
          await tab.keyboard.press('Tab');
        }
        await tab.keyboard.press('Enter');
        await panel.waitFor({ state: 'visible', timeout: 2000 });
        assert.equal(await button.getAttribute('aria-expanded'), 'true');

        await tab.keyboard.press('Tab');
        assert.ok(await panel.evaluate((el) => el.contains(document.activeElement)), 'Tab moves into the open panel');
        await tab.keyboard.press('Escape');
        await panel.waitFor({ state: 'hidden', timeout: 2000 });
        assert.equal(await button.getAttribute('aria-expanded'), 'false');
        assert.ok(await isFocused(button), 'focus returns to the menu button');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('mobile menu', () => {
  for (const page of menuPages) {
    test(`${page.market} ${page.path}: hamburger opens the panel and locks scrolling`, async () => {
      const { context, problems } = await openContext(suite.browser, 'mobile');
      try {
        const tab = await open(context, page.path, suite.base);
        const scrollY = () => tab.evaluate(() => window.scrollY);

        // Before: the page scrolls.
        await tab.mouse.move(195, 600);
        await wheel(tab, 300);
        assert.ok((await scrollY()) > 0, 'page scrolls while the menu is closed');
        await tab.evaluate(() => window.scrollTo(0, 0));

        const toggles = await visibleDisclosures(tab);
        assert.ok(toggles.length >= 1, 'a menu toggle (hamburger) is visible on mobile');
        const hamburger = toggles[0];
        const panel = await panelOf(tab, hamburger);
        assert.equal(await panel.isVisible(), false, 'panel closed at first');

        await hamburger.tap();
        await panel.waitFor({ state: 'visible', timeout: 2000 });
        assert.equal(await hamburger.getAttribute('aria-expanded'), 'true');
        assert.ok((await panel.locator('button, a[href]').count()) > 0, 'panel has menu entries');

        // Scroll is locked: wheeling over the page does not move it.
        await tab.mouse.move(195, 600);
        await wheel(tab, 300);
        assert.equal(await scrollY(), 0, 'body scroll locked while the panel is open');

        // Close with the same toggle (it may have become a close button).
        const closer = tab.locator(`[data-shell="header"] button[aria-controls="${await hamburger.getAttribute('aria-controls')}"][aria-expanded="true"]`);
        await closer.first().tap();
        await panel.waitFor({ state: 'hidden', timeout: 2000 });
        await wheel(tab, 300);
        assert.ok((await scrollY()) > 0, 'page scrolls again after closing');
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
