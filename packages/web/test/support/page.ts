// Reading the page as a person sees it: the terminal's rows, the timeline's entries.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const PAGE_TIMEOUT = 30_000;

// The functions below run in the page; the package's tsconfig has no DOM library, so the little
// they touch is declared here.
interface PageElement {
  readonly textContent: string | null;
  readonly dataset: Record<string, string | undefined>;
}
declare const document: { querySelector(selector: string): PageElement | null };

/** The text of session `id`'s terminal in the page (xterm's DOM rows), spaces normalised. */
export async function terminalText(page: Page, id: string): Promise<string> {
  const text = await page.locator(`[data-session-id="${id}"] .xterm-rows`).textContent();
  return (text ?? '').replace(/\u00a0/g, ' ');
}

/** Waits until session `id`'s terminal in the page shows `text`. */
export async function waitForTerminal(page: Page, id: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) =>
      (document.querySelector(selector)?.textContent ?? '')
        .replace(/\u00a0/g, ' ')
        .includes(wanted),
    [`[data-session-id="${id}"] .xterm-rows`, text] as const,
    { timeout: PAGE_TIMEOUT },
  );
}

/** The `data-event` of every timeline entry in the page, in page order. */
export function timelineEvents(page: Page): Promise<string[]> {
  return page
    .locator('#timeline li')
    .evaluateAll((rows) => rows.map((row) => (row as unknown as PageElement).dataset.event ?? ''));
}

/** Waits until the page's timeline has an entry of `event` whose text contains `text`. */
export async function waitForTimeline(page: Page, event: string, text = ''): Promise<void> {
  await page
    .locator(`#timeline li[data-event="${event}"]`, { hasText: text })
    .first()
    .waitFor({ timeout: PAGE_TIMEOUT });
}

/**
 * Takes a small PNG of the page. With `UPDATE_SCREENSHOTS=1` it also replaces the README's
 * picture `docs/<name>.png`.
 */
export async function screenshot(page: Page, name: string): Promise<Buffer> {
  const png = await page.screenshot({ type: 'png' });
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    writeFileSync(fileURLToPath(new URL(`../../docs/${name}.png`, import.meta.url)), png);
  }
  return png;
}
