import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless } from '../src/main/testing/spawn-headless';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';

// Issue 37 point 4: sync you can read. A second headless studio is the remote ("team"); the same
// studio behind a proxy that hides the studio API stands for the hosted service ("hosted").

async function call(base: string, auth: string, method: string, path: string, body?: unknown) {
  const response = await fetch(base + path, { method, headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await response.json()) as any;
}

/** The management API of `target` without its studio API (404, as the hosted service answers): the hosted service as the client sees it. */
async function hostedProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (req.url!.startsWith('/studio')) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(target + req.url, { method: req.method, headers: { authorization: req.headers.authorization ?? '', 'content-type': req.headers['content-type'] ?? 'application/json' }, body });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** `npx studio sync status --remote NAME` against the local studio: its stdout. */
function cliStatus(url: string, remote: string): Promise<string> {
  return new Promise((done, fail) =>
    execFile(process.execPath, ['bin/studio.mjs', 'sync', 'status', '--remote', remote], { env: { ...process.env, STUDIO_URL: url, STUDIO_EMAIL: E2E_EMAIL, STUDIO_TOKEN: E2E_TOKEN } }, (error, stdout, stderr) =>
      error && !stdout ? fail(new Error(stderr)) : done(stdout),
    ),
  );
}

const CODE = (extra: string) => `export function transformEvent(event) {\n  event.total = (event.properties?.price ?? 0) * 2;${extra}\n  return event;\n}\n`;
const test1 = { event: { type: 'track', event: 'Bought', messageId: 't-1', properties: { price: 2 } } };
const test2 = { event: { type: 'track', event: 'Bought', messageId: 't-2', properties: { price: 5 } } };
const test3 = { event: { type: 'track', event: 'Bought', messageId: 't-3', properties: { price: 7 } } };

test('sync you can read: status = CLI, push says what goes and what stays, numbers on both sides, labelled diff from the reader side, tests travel', async ({ page, server }) => {
  test.setTimeout(180_000);
  const remoteDir = mkdtempSync(join(tmpdir(), 'studio-e2e-remote-'));
  const remote = await startHeadless({ dataDir: remoteDir });
  const hosted = await hostedProxy(remote.url);
  try {
    const onLocal = (m: string, p: string, b?: unknown) => call(server.url, server.auth, m, p, b);
    const onRemote = (m: string, p: string, b?: unknown) => call(remote.url, server.auth, m, p, b);
    const events = [{ type: 'track', event: 'Bought', messageId: 'e-1', properties: { price: 1 } }];
    // Local: v1 published, v2 published "add currency", v3 a draft "try rounding"; two saved tests.
    const local = await onLocal('POST', '/transformations?publish=true', { name: 'Totals', code: CODE(''), events, message: 'first' });
    await onLocal('PUT', `/studio/api/transformations/${local.id}/test-events`, { events: [test1, test2] });
    await onLocal('POST', `/transformations/${local.id}?publish=true`, { code: CODE("\n  event.currency = 'EUR';"), message: 'add currency' });
    await onLocal('POST', `/transformations/${local.id}`, { code: CODE("\n  event.currency = 'EUR';\n  event.total = Math.round(event.total);"), message: 'try rounding' });
    await onLocal('POST', '/studio/api/remotes', { name: 'team', baseUrl: remote.url, email: E2E_EMAIL, token: E2E_TOKEN });

    const studio = new StudioPage(page);
    await studio.open(server.loginUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Remotes & sync' }).click();
    const item = page.getByTestId('change-item').filter({ hasText: 'Totals' });
    await expect(item.getByTestId('sync-line')).toHaveText('new locally · local v3 (draft)');

    // Push says first what it sends (the selected draft, numbered on both sides, its saved tests with it), then sends.
    await page.getByRole('button', { name: 'Push selected' }).click();
    const preview = page.getByTestId('sync-preview');
    await expect(preview.getByTestId('sync-preview-what')).toHaveText('sends local v3 “try rounding” as remote v1, with its 2 saved tests');
    await shootBoth(page, 'sync-push-preview');
    await preview.getByRole('button', { name: 'Push now' }).click();
    const outcome = page.getByTestId('sync-outcome');
    await expect(outcome).toContainText('✓ transformation “Totals”: published local v3 (a draft: not published locally) “try rounding” as remote v1 on the remote, with its 2 saved tests');
    const remoteId = (await onRemote('GET', '/transformations')).transformations[0].id;
    // The saved tests went with it: the remote has them, and its version is tested, not "not tested".
    expect((await onRemote('GET', `/studio/api/transformations/${remoteId}/test-events`)).events).toHaveLength(2);
    await expect.poll(async () => (await onRemote('GET', `/studio/api/transformations/${remoteId}/versions`)).versions[0].testStatus, { timeout: 30_000 }).toBe('passed');
    await page.getByRole('button', { name: 'Refresh' }).click();

    // The remote moves on: v2 "from the team", and a third saved test.
    await onRemote('POST', `/transformations/${remoteId}?publish=true`, { code: CODE("\n  event.currency = 'EUR';\n  event.total = Math.round(event.total);\n  event.team = 'reviewed';"), message: 'from the team' });
    await onRemote('PUT', `/studio/api/transformations/${remoteId}/test-events`, { events: [test1, test2, test3] });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const line = 'changed on the remote · local v3 (draft) · remote v2 · last synced: remote v1 = local v3 · drift: remote live on v2, local destinations on v2';
    await expect(item.getByTestId('sync-line')).toHaveText(line);
    await expect(item.getByTestId('synced-numbers')).toHaveText('remote v1 = local v3');
    // The CLI prints the same line and the same plan (one computation in the core).
    const cli = await cliStatus(server.url, 'team');
    expect(cli).toMatch(new RegExp(`transformation\\s+Totals\\s+${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    expect(cli).toContain('pull: imports remote v2 “from the team” as local v4, with its 3 saved tests (merged with the 2 here by event: 3 in all)');

    // The diff says which side is which, coloured from the reader's side: a pull brings the remote's new line (green, right).
    await item.getByRole('button', { name: 'Show diff' }).click();
    await expect(item.getByTestId('diff-label-original')).toHaveText('Local v3, here');
    await expect(item.getByTestId('diff-label-modified')).toHaveText('Remote “team” v2');
    await expect(item.getByTestId('diff-direction')).toHaveText('What a pull changes here: green comes from the remote, red goes.');
    await expect(item.locator('.cm-merge-b .cm-changedLine')).toContainText("event.team = 'reviewed';");
    await expect(item.locator('.cm-merge-a')).not.toContainText('reviewed');
    await shootBoth(page, 'sync-diff-labels');

    // Pull says what it imports, then names both versions and the message.
    await page.getByRole('button', { name: 'Pull selected' }).click();
    await expect(preview.getByTestId('sync-preview-what')).toHaveText('imports remote v2 “from the team” as local v4, with its 3 saved tests (merged with the 2 here by event: 3 in all)');
    await shootBoth(page, 'sync-pull-preview');
    await preview.getByRole('button', { name: 'Pull now' }).click();
    await expect(outcome).toContainText('✓ transformation “Totals”: imported remote v2 “from the team” as local v4, with its 3 saved tests');
    const versions = (await onLocal('GET', `/studio/api/transformations/${local.id}/versions`)).versions;
    expect(versions[0]).toMatchObject({ number: 4, message: 'from the team' });
    expect((await onLocal('GET', `/studio/api/transformations/${local.id}/test-events`)).events).toHaveLength(3);

    // The hosted service keeps no saved tests: the push says they stay behind.
    await onLocal('POST', '/transformations', { name: 'Fresh', code: CODE(''), events });
    const fresh = (await onLocal('GET', '/transformations')).transformations.find((t: any) => t.name === 'Fresh');
    await onLocal('PUT', `/studio/api/transformations/${fresh.id}/test-events`, { events: [test1] });
    await onLocal('POST', '/studio/api/remotes', { name: 'hosted', baseUrl: hosted.url, email: E2E_EMAIL, token: E2E_TOKEN });
    await page.reload();
    await page.getByTestId('remote').filter({ hasText: 'hosted' }).getByRole('button', { name: 'hosted' }).click();
    await expect(page.getByTestId('change-item').filter({ hasText: 'Fresh' }).getByTestId('sync-line')).toHaveText('new locally · local v1 (draft)');
    await page.getByRole('button', { name: 'Push selected' }).click();
    const fresher = preview.getByTestId('sync-preview-item').filter({ hasText: 'Fresh' });
    await expect(fresher.getByTestId('sync-preview-what')).toHaveText('sends local v1 as remote v1');
    await expect(fresher.getByTestId('sync-preview-stays')).toHaveText('Stays behind: its 1 saved test (the hosted service keeps no saved tests)');
    await shootBoth(page, 'sync-hosted-tests-stay');
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await expect(preview).toHaveCount(0);
  } finally {
    await hosted.close();
    await remote.stop();
    rmSync(remoteDir, { recursive: true, force: true });
  }
});
