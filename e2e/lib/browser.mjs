// Debian's Chromium driven by playwright-core; no browser download.
import { chromium } from 'playwright-core';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags every shellgate browser run uses. Playwright gives each launch a
// fresh temporary profile (its own --user-data-dir), which it removes on close.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

export function launchBrowser() {
  return chromium.launch({ executablePath, args: chromiumArgs, headless: true });
}
