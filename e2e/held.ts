import type { Page } from '@playwright/test';

/**
 * Holds the page's requests to `url` (as a loaded machine may) until the returned release is
 * called: for a form or button opened before its data arrived. Waits on no clock. Releasing when
 * no request was held throws: the test would not be testing the race (a renamed endpoint, say).
 * With `method`, only requests of that method are held (the others go on at once).
 */
export async function holdRequests(page: Page, url: string | RegExp, method?: string): Promise<() => void> {
  let open!: () => void;
  const held = new Promise<void>((r) => (open = r));
  let count = 0;
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    count += 1;
    await held;
    await route.fallback(); // to a holdAnswers registered before, else to the network
  });
  return () => {
    open();
    if (count === 0) throw new Error(`holdRequests: no request to ${String(url)} was held before the release`);
  };
}

/**
 * Holds the answers to the page's requests to `url` of `method` until the returned release is
 * called: the server has done the work (and pushed what changed) while the page still waits for
 * the answer, as on a loaded machine. Releasing when no answer was held throws, as above.
 */
export async function holdAnswers(page: Page, url: string | RegExp, method: string): Promise<() => void> {
  let open!: () => void;
  const held = new Promise<void>((r) => (open = r));
  let count = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    count += 1;
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return () => {
    open();
    if (count === 0) throw new Error(`holdAnswers: no answer from ${String(url)} was held before the release`);
  };
}
