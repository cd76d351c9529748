// Real headless Chromium (Debian's /usr/bin/chromium) driven by playwright-core: nothing is
// downloaded at run time.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Launches Chromium. playwright-core gives every launch a new empty profile (its own
 * `--user-data-dir` in a temporary folder, removed on close), so none is passed here.
 */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing, so the browser tests cannot run; install it with ` +
        '`node tooling/scripts/install/chromium.mjs` (apt-get install chromium, as root)',
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}
