import { createServer } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// Issue #42 point 6b: when a destination starts failing, a badge on Destinations and a one-line
// alert with a link appear within 5 s of the first failed attempt, and both go when it recovers.
// The health is the core's (GET /studio/api/destinations `health`), pushed through the deliveries stream.
test('a failing destination shows a badge and an alert within 5 s; both go when it recovers', async ({ page, server }) => {
  let up = false;
  let firstFailure: (() => void) | undefined;
  const failed = new Promise<void>((resolve) => (firstFailure = resolve));
  const hook = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (up) return void res.writeHead(200).end('ok');
      firstFailure?.();
      res.writeHead(503).end('receiver is down for maintenance');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  try {
    const ui = new PipelinePage(page, server);
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/in`;
    const dest = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'CRM hook', kind: 'webhook', config: { url, maxAttempts: 1 } }); // one attempt in total: its failure is recorded at once
    await ui.signIn();
    await ui.go('Sources'); // any page: the alert is the app's
    const alert = page.getByTestId('destination-alert');
    const badge = page.getByRole('navigation', { name: 'Main' }).getByTestId('nav-badge');
    await expect(alert).toHaveCount(0);
    await expect(badge).toHaveCount(0);

    await ui.send((await ui.defaultSource()).writeKey, 'track', { userId: 'u1', event: 'Order Completed', messageId: 'o-1' });
    await failed; // the first failed attempt reached the receiver
    await expect(alert).toBeVisible({ timeout: 5_000 });
    await expect(alert).toContainText('CRM hook is failing');
    await expect(alert).toContainText('503');
    await expect(badge).toHaveText('1', { timeout: 5_000 });
    // The status is the core's: the API says the same.
    expect((await ui.api<{ health: string }>('GET', `/studio/api/destinations/${dest.id}`)).health).toMatch(/failing|retrying/);
    await shootBoth(page, 'destination-alert');

    // The link opens its failed deliveries.
    await alert.getByRole('link', { name: 'Open deliveries' }).click();
    await expect(page).toHaveURL(new RegExp(`#/destinations/${dest.id}\\?status=retrying%2Cgave-up%2Cfailed$`)); // every delivery not delivered, by standing

    // It recovers: the receiver answers again and the failed event is delivered.
    up = true;
    await ui.api('POST', `/studio/api/destinations/${dest.id}/retry`);
    await expect(alert).toHaveCount(0);
    await expect(badge).toHaveCount(0);
    expect((await ui.api<{ health: string }>('GET', `/studio/api/destinations/${dest.id}`)).health).toBe('up to date');
  } finally {
    await new Promise<void>((r) => hook.close(() => r()));
  }
});
