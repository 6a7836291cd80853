// Renders images/icon.svg to the 128×128 PNG the marketplace wants (images/icon.png), in Debian's
// Chromium through playwright-core (both are what the real-editor tests use). Run it after changing
// the SVG: `node scripts/icon.mjs`; the PNG is committed.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync(new URL('../images/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.RANKLENS_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: new URL('../images/icon.png', import.meta.url).pathname, omitBackground: true });
} finally {
  await browser.close();
}
