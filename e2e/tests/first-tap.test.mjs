// The shell hydrates late (shell-ui/src/shell/hydrateLazily.ts): a visitor's page runs React only
// once the visitor reaches for a control. Right after the page has loaded, without waiting for
// the shell, one tap or key press on each kind of control opens it, at 1440 and 390 px.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { sel } from '../lib/classes.mjs';
import { openContext, useSuite } from '../lib/suite.mjs';

const suite = useSuite();
const paths = ['/festgeld/', '/en-gb/savings-accounts/fixed-rate-bonds/'];
const OpenWithin = 10_000; // the shell's code arriving on a loaded machine; one tap, never two

// A disclosure's aria-controls comes with hydration (useHydratedId): before the first tap a
// nav menu button has aria-expanded only; the tests read aria-controls once it has opened.
const disclosures = '[data-shell="header"] nav button[aria-expanded]';

async function fresh(width, path) {
  const { context, problems } = await openContext(suite.browser, width);
  const tab = await context.newPage();
  await tab.goto(suite.base + path, { waitUntil: 'load' });
  return { context, problems, tab };
}

async function expanded(button) {
  await button.page().waitForFunction((el) => el.getAttribute('aria-expanded') === 'true', await button.elementHandle(), { timeout: OpenWithin });
}

async function firstVisible(locator) {
  for (let i = 0; i < (await locator.count()); i++) if (await locator.nth(i).isVisible()) return locator.nth(i);
  return null;
}

describe('the first tap works at once', () => {
  for (const path of paths) {
    test(`1440 px ${path}: one click opens a nav menu`, async () => {
      const { context, problems, tab } = await fresh('desktop', path);
      try {
        assert.notEqual(await tab.evaluate(() => document.documentElement.dataset.shellReady), 'true', 'a visitor\'s page has not hydrated before a touch');
        const button = await firstVisible(tab.locator(disclosures));
        assert.ok(button, 'a nav menu button is visible');
        await button.click();
        await expanded(button);
        const panel = tab.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
        await panel.waitFor({ state: 'visible', timeout: 2000 });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`1440 px ${path}: one Enter on a focused nav menu button opens it`, async () => {
      const { context, problems, tab } = await fresh('desktop', path);
      try {
        const button = await firstVisible(tab.locator(disclosures));
        await button.focus();
        await tab.keyboard.press('Enter');
        await expanded(button);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`1440 px ${path}: one click opens the market picker`, async () => {
      const { context, problems, tab } = await fresh('desktop', path);
      try {
        const picker = tab.locator(sel('[data-shell="footer"] .shell-market__button'));
        await picker.scrollIntoViewIfNeeded();
        await picker.click();
        await expanded(picker);
        await tab.locator(`[id="${await picker.getAttribute('aria-controls')}"]`).waitFor({ state: 'visible', timeout: 2000 });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`390 px ${path}: one tap opens the phone menu`, async () => {
      const { context, problems, tab } = await fresh('mobile', path);
      try {
        const toggle = tab.locator(sel('[data-shell="header"] .shell-mobile-toggle'));
        await toggle.tap();
        await expanded(toggle);
        await tab.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`).waitFor({ state: 'visible', timeout: 2000 });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test(`390 px ${path}: one tap opens the market dialog`, async () => {
      const { context, problems, tab } = await fresh('mobile', path);
      try {
        const picker = tab.locator(sel('[data-shell="footer"] .shell-market__button'));
        await picker.scrollIntoViewIfNeeded();
        await picker.tap();
        await tab.getByRole('dialog').waitFor({ state: 'visible', timeout: OpenWithin });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  }
});
