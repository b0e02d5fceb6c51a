import { createServer } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 3: the palette is the way in. Fuzzy matching ("ordpip" finds "Order pipeline"),
// recent items first, and every page and page action: Debug, Profile, Run saved tests, Schema,
// Retry, Import, Theme, Sign out.
test('the palette matches fuzzily, lists recent items first and reaches every page action', async ({ page, server }) => {
  test.setTimeout(120_000);
  const down = createServer((_req, res) => void res.writeHead(503).end('down'));
  await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
  try {
    const studio = new StudioPage(page);
    const ui = new PipelinePage(page, server);
    await ui.api('POST', '/studio/api/destinations', { name: 'Failing hook', kind: 'webhook', config: { url: `http://127.0.0.1:${(down.address() as { port: number }).port}/x`, maxAttempts: 1 } });
    await ui.send((await ui.defaultSource()).writeKey, 'track', { userId: 'u1', event: 'Order Completed', messageId: 'm-1' });
    await studio.open(server.loginUrl);
    await studio.createTransformation('Order pipeline', 'Blank');
    await studio.createTransformation('Page views', 'Blank');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox');
    const options = palette.getByRole('option');

    // Fuzzy: letters in order, across words.
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('ordpip');
    await expect(options.first()).toContainText('Transformation: Order pipeline');
    await shootBoth(page, 'palette-fuzzy');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('artifact-name')).toHaveText('Order pipeline');

    // Recent first: with nothing typed, what was run last leads the list.
    await page.keyboard.press('ControlOrMeta+k');
    await expect(options.first()).toContainText('Order pipeline');
    await expect(options.first()).toContainText('Recent');

    // The transformation page's actions.
    await input.fill('sample events');
    await page.keyboard.press('Enter');
    await page.getByTestId('sample-picker').getByRole('button', { name: /^Use all/ }).click();
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('run saved tests');
    await expect(options.first()).toContainText('Run saved tests');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('tests-run')).toContainText('Tests on this code');
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('profile');
    await expect(options.first()).toContainText('Profile the code');
    await input.fill('debug event');
    await expect(options.first()).toContainText('Debug event #1');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('debug-status')).toBeVisible();

    // Pages and their actions: schema, import, retry.
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('schema');
    await expect(options.first()).toContainText('Event schema');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#/events/schema');
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('rebuild');
    await expect(options.first()).toContainText('Rebuild the event schema');
    await page.keyboard.press('Escape');

    await ui.go('Events');
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('import');
    await expect(options.first()).toContainText('Import events');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: /Import events/ })).toBeVisible();
    await page.keyboard.press('Escape');

    await ui.go('Destinations');
    const card = page.getByTestId('destination-card').filter({ hasText: 'Failing hook' });
    // Counted by the standing its row shows (max attempts 1: gave up), not as "1 failed" (#37 follow-up).
    await expect(card.getByTestId('gave-up-count')).toHaveText('1 gave up');
    await expect(card.getByTestId('failed-count')).toHaveText('0 failed');
    await shootBoth(page, 'card-gave-up');
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('retry');
    await expect(options.first()).toContainText('Retry the failed events of Failing hook');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Queued 1 failed event of Failing hook' })).toBeVisible();

    // Theme and sign-out, from any page.
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('theme dark');
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.keyboard.press('ControlOrMeta+k');
    await input.fill('sign out');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } finally {
    await new Promise<void>((r) => down.close(() => r()));
  }
});
