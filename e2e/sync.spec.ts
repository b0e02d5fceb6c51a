import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHeadless } from '../src/main/testing/spawn-headless';
import { replaceEditorText, StudioPage } from './pages/studio-page';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

async function call(base: string, auth: string, method: string, path: string, body?: unknown) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as any;
}

test('remotes and sync: add a remote, see changes, push, resolve a conflict in the merge editor, see the remote state', async ({ page, server }) => {
  test.setTimeout(120_000);
  const remoteDir = mkdtempSync(join(tmpdir(), 'studio-e2e-remote-'));
  const remote = await startHeadless({ dataDir: remoteDir });
  try {
    const studio = new StudioPage(page);
    const onLocal = (m: string, p: string, b?: unknown) => call(server.url, server.auth, m, p, b);
    const onRemote = (m: string, p: string, b?: unknown) => call(remote.url, server.auth, m, p, b);
    await onLocal('POST', '/libraries', { name: 'greet lib', code: 'export function greet(n) { return "hi " + n; }' });
    const local = await onLocal('POST', '/transformations', {
      name: 'Greeter',
      code: 'import { greet } from "greetLib";\nexport function transformEvent(event) {\n  event.greeting = greet(event.userId);\n  return event;\n}\n',
      events: [{ type: 'track', userId: 'u1', messageId: 'e-1' }],
    });

    // Saved test events with an expected output the code does not produce.
    const savedEvent = { type: 'track', userId: 'u1', messageId: 'e-1' };
    await call(server.url, server.auth, 'PUT', `/studio/api/transformations/${local.id}/test-events`, {
      events: [{ event: savedEvent, expected: [{ ...savedEvent, greeting: 'hello u1' }] }],
    });
    await studio.open(server.loginUrl);

    // Publish locally through the dialog: saved tests named, a failure shown by event, then a pass.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
    await page.getByText('Greeter').first().click();
    // Publish needs the version history (until it has loaded the editor says "try again in a moment").
    await expect(page.getByRole('tab', { name: 'Versions (1)' })).toBeVisible();
    await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByTestId('publish-dialog');
    await expect(dialog.getByTestId('publish-tests')).toHaveText('1 saved test event, 1 with expected outputs (run on the server before publishing)');
    await expect(dialog).toContainText('greet lib');
    await dialog.getByRole('button', { name: 'Test and publish' }).click();
    await expect(dialog.getByTestId('publish-failure')).toContainText('Saved test event 1 (the bench’s #1) (messageId e-1)');
    await expect(dialog.getByTestId('publish-failure')).toContainText('output does not equal the expected output');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await call(server.url, server.auth, 'PUT', `/studio/api/transformations/${local.id}/test-events`, {
      events: [{ event: savedEvent, expected: [{ ...savedEvent, greeting: 'hi u1' }] }],
    });
    await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
    await dialog.getByRole('button', { name: 'Test and publish' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.editor-title')).toContainText('Published');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Remotes & sync' }).click();
    await expect(page.getByText('No remote yet')).toBeVisible();

    // Add the remote (a second studio, headless) and test the connection.
    const form = page.getByRole('form', { name: 'Add a remote' });
    await form.getByLabel('Name').fill('team');
    await form.getByLabel('Management base URL').fill(remote.url);
    await form.getByLabel('E-mail').fill(E2E_EMAIL);
    await form.getByLabel('Access token').fill(E2E_TOKEN);
    await form.getByRole('button', { name: 'Add remote' }).click();
    await expect(page.getByTestId('remote')).toContainText('team');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-result')).toHaveText('connected: 0 transformations, 0 libraries');

    // Changes: both new locally; the diff against the (missing) remote is shown on demand.
    const items = page.getByTestId('change-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('greet lib');
    await expect(items.nth(1)).toContainText('GreeterNew locally');
    await items.nth(1).getByRole('button', { name: 'Show diff' }).click();
    await expect(page.getByTestId('version-diff')).toContainText('greet(event.userId)');
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: artifact(`sync-changes-${size.width}x${size.height}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // Push: the library first, then the transformation; what goes is said first, the remote's answer after.
    await page.getByRole('button', { name: 'Push selected' }).click();
    await page.getByTestId('sync-preview').getByRole('button', { name: 'Push now' }).click();
    const outcome = page.getByTestId('sync-outcome');
    await expect(outcome.locator('li')).toHaveCount(2);
    // The library was never published locally: a draft, pushed because it was selected, and said so.
    await expect(outcome.locator('li').nth(0)).toContainText('library “greet lib”: published local v1 (a draft: not published locally) as remote v1 on the remote');
    await expect(outcome.locator('li').nth(1)).toContainText('transformation “Greeter”: published local v1 as remote v1 on the remote, with its 1 saved test');
    // The saved test and the version's own event ran locally first, then on the remote as its test input.
    await expect(outcome).toContainText('its tests passed locally, the remote tested 2 events');
    await expect(page.getByText('Everything is in sync with “team” (2 items)')).toBeVisible();

    // A push of a version local publish refuses: refused before anything is sent, the failing test named.
    await onLocal('POST', `/transformations/${local.id}`, { code: 'export function transformEvent(event) { throw new Error("no greeting today"); }' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(items).toHaveCount(1);
    await expect(items.nth(0).getByTestId('draft-badge')).toHaveText('v2 · draft');
    await page.getByRole('button', { name: 'Push selected' }).click();
    await page.getByTestId('sync-preview').getByRole('button', { name: 'Push now' }).click();
    await expect(outcome).toContainText('✗ transformation “Greeter”: not pushed: local publish would refuse v2 (a draft: not published locally)');
    await expect(outcome).toContainText('saved test event 1: Error: no greeting today');
    expect((await onRemote('GET', '/transformations')).transformations[0].code).toContain('greet(event.userId)');
    await expect(items.nth(0)).toContainText('Changed locally');

    // Both sides change: a conflict; nothing overwritten; resolve by hand in the merge editor, then push.
    const remoteId = (await onRemote('GET', '/transformations')).transformations[0].id;
    // The saved test went with the push (the remote is a studio) and guards its publish: the team changes it with the code.
    expect((await onRemote('GET', `/studio/api/transformations/${remoteId}/test-events`)).events).toHaveLength(1);
    await onRemote('PUT', `/studio/api/transformations/${remoteId}/test-events`, { events: [{ event: savedEvent, expected: [{ ...savedEvent, greeting: 'hi u1!' }] }] });
    await onRemote('POST', `/transformations/${remoteId}?publish=true`, {
      code: 'import { greet } from "greetLib";\nexport function transformEvent(event) {\n  event.greeting = greet(event.userId) + "!";\n  return event;\n}\n',
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(items.nth(0)).toContainText('Conflict: changed on both sides');
    // The remote went live on its v2 while local destinations still run v1: the drift badge says so.
    await expect(items.nth(0).getByTestId('drift-badge')).toHaveText('remote live on v2, local destinations on v1');
    await items.nth(0).getByRole('button', { name: 'Resolve' }).click();
    const merge = page.getByTestId('conflict-merge');
    await expect(merge).toContainText('no greeting today');
    await expect(merge).toContainText('greet(event.userId) + "!"');
    for (const size of [{ width: 1440, height: 900 }, { width: 1024, height: 700 }]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: artifact(`sync-conflict-${size.width}x${size.height}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    const mergeResult = page.getByRole('textbox', { name: 'Merge result (local side, editable)' });
    // The hand merge keeps what the saved test expects (local publish would refuse anything else).
    await replaceEditorText(page, mergeResult, 'import { greet } from "greetLib";\n// merged by hand\nexport function transformEvent(event) {\n  event.greeting = greet(event.userId);\n  return event;\n}\n');
    await page.getByRole('button', { name: 'Save merge' }).click();
    await expect(items.nth(0)).toContainText('Changed locally');
    await page.getByRole('button', { name: 'Push selected' }).click();
    await page.getByTestId('sync-preview').getByRole('button', { name: 'Push now' }).click();
    await expect(outcome).toContainText('✓ transformation “Greeter”: published local v3 (a draft: not published locally) as remote v3 on the remote');

    // The remote's state: the merged code, published, still one transformation.
    const onRemoteNow = (await onRemote('GET', '/transformations')).transformations;
    expect(onRemoteNow).toHaveLength(1);
    expect(onRemoteNow[0].code).toContain('// merged by hand');
    expect(onRemoteNow[0].publishedVersionId).toBe(onRemoteNow[0].versionId);
    expect((await onLocal('GET', `/transformations/${local.id}`)).code).toContain('// merged by hand');
  } finally {
    await remote.stop();
    rmSync(remoteDir, { recursive: true, force: true });
  }
});
