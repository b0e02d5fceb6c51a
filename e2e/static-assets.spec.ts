import { expect, test } from './studio-fixture';

test('the UI is served compressed; fingerprinted files are cached immutably, the index never', async ({ page, server }) => {
  const index = await page.request.get(`${server.url}/`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const assets = [...html.matchAll(/(?:src|href)="(?:\.\/|\/)?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    for (const encoding of ['br', 'gzip']) {
      const response = await page.request.get(`${server.url}/${asset}`, { headers: { 'Accept-Encoding': encoding } });
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['content-encoding'], asset).toBe(encoding);
      expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  }
  // Transferred size of the whole first load, measured in the browser.
  let transferred = 0;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.loadingFinished', (e) => (transferred += e.encodedDataLength));
  await page.goto(server.loginUrl);
  await expect(page.getByRole('heading', { name: 'Transformation Studio' })).toBeVisible();
  await page.waitForLoadState('load');
  // The page keeps the core's health stream open for its whole life, so the network is never idle:
  // the first load is over when nothing more arrives for half a second.
  let seen = -1;
  await expect
    .poll(
      () => {
        const settled = transferred === seen;
        seen = transferred;
        return settled;
      },
      { intervals: [500] },
    )
    .toBe(true);
  expect(transferred).toBeLessThan(494_000 / 3);
});
