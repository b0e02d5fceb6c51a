import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (as a loaded machine may) until the returned release is
 * called: for a form or button opened before its data arrived. Waits on no clock.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
