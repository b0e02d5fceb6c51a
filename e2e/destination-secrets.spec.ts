import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { PipelinePage } from './pages/pipeline-page';
import { expect, test } from './studio-fixture';

const AUTH = 'Bearer ui-secret-7Hq2Lw9XkP4m';
const WRITE_KEY = 'remote-write-key-V3nB8cZ1';

/** Records the headers of every request it receives. */
async function receiver() {
  const received: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers });
      res.writeHead(200).end('OK');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('destination secrets are shown masked, kept when an edit leaves them, and delivered for real', async ({ page, server }) => {
  const sink = await receiver();
  try {
    const ui = new PipelinePage(page, server);
    await ui.signIn();
    await ui.go('Destinations');
    const form = page.getByTestId('destination-form');

    await page.getByRole('button', { name: 'New destination' }).first().click();
    await form.getByLabel('Name').fill('Secret hook');
    await form.getByLabel('URL').fill(`${sink.base}/hook`);
    await form.getByTestId('destination-headers').fill(JSON.stringify({ Authorization: AUTH }));
    await form.getByRole('button', { name: 'Create destination' }).click();
    await expect(form).toHaveCount(0);

    await page.getByRole('button', { name: 'New destination' }).first().click();
    await form.getByLabel('Name').fill('Remote plane');
    await form.getByLabel('Kind').selectOption('data-plane');
    await form.getByLabel('URL').fill(`${sink.base}/plane`);
    await form.getByTestId('destination-write-key').fill(WRITE_KEY);
    await form.getByRole('button', { name: 'Create destination' }).click();
    await expect(form).toHaveCount(0);

    // Editing shows the header masked and the write key as stored-but-hidden; saving keeps both.
    const hookCard = page.getByTestId('destination-card').filter({ hasText: 'Secret hook' });
    await hookCard.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByTestId('destination-headers')).toHaveValue(JSON.stringify({ Authorization: `••••${AUTH.slice(-4)}` }));
    await ui.screenshot('destination-secret-headers-masked');
    await form.getByLabel('Max attempts').fill('2');
    await form.getByRole('button', { name: 'Save destination' }).click();
    await expect(form).toHaveCount(0);

    const planeCard = page.getByTestId('destination-card').filter({ hasText: 'Remote plane' });
    await planeCard.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByTestId('destination-write-key')).toHaveValue('');
    await expect(form.getByTestId('destination-write-key')).toHaveAttribute('placeholder', `••••${WRITE_KEY.slice(-4)} (empty keeps it)`);
    await ui.screenshot('destination-secret-write-key-kept');
    await form.getByRole('button', { name: 'Save destination' }).click();
    await expect(form).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(AUTH);
    await expect(page.locator('body')).not.toContainText(WRITE_KEY);

    const source = await ui.defaultSource();
    await ui.send(source.writeKey, 'track', { userId: 'u', event: 'Secret Delivery', messageId: 'secret-1' });
    await expect.poll(() => sink.received.find((r) => r.path === '/hook')?.headers.authorization, { timeout: 20_000 }).toBe(AUTH);
    await expect
      .poll(() => sink.received.find((r) => r.path.startsWith('/plane/v1/'))?.headers.authorization, { timeout: 20_000 })
      .toBe(`Basic ${Buffer.from(`${WRITE_KEY}:`).toString('base64')}`);
  } finally {
    await sink.close();
  }
});
