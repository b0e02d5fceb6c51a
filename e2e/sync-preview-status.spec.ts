import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless } from '../src/main/testing/spawn-headless';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { E2E_EMAIL, E2E_TOKEN, expect, test } from './studio-fixture';

// Issue 37, round 3: the open push preview is the core's plan as of the version's derived test
// status now: a failing saved test added while it is open (over the API, no reload) turns
// "sends local v1 …" into "not pushed: local publish would refuse local v1 …".
test('the push preview follows the test status: a failing saved test added while it is open, it says push refuses', async ({ page, server }) => {
  test.setTimeout(90_000);
  const remoteDir = mkdtempSync(join(tmpdir(), 'studio-e2e-remote-'));
  const remote = await startHeadless({ dataDir: remoteDir });
  try {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(server.url + path, { method, headers: { authorization: server.auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      expect(response.status, `${method} ${path}`).toBe(200);
      return (await response.json()) as any;
    };
    const t = await call('POST', '/transformations', { name: 'Guarded', code: "export function transformEvent(e) { if (e.userId === 'bad') throw new Error('bad user'); return e; }" });
    const saved = (userId: string) => ({ event: { type: 'track', event: 'E', userId, messageId: `m-${userId}` } });
    await call('PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [saved('good')] });
    await call('POST', '/studio/api/remotes', { name: 'team', baseUrl: remote.url, email: E2E_EMAIL, token: E2E_TOKEN });
    await expect.poll(async () => (await call('GET', `/studio/api/transformations/${t.id}/versions`)).versions[0].testStatus).toBe('passed');

    await new StudioPage(page).open(server.loginUrl);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Remotes & sync' }).click();
    await expect(page.getByTestId('change-item')).toHaveCount(1);
    await page.getByRole('button', { name: 'Push selected' }).click();
    const what = page.getByTestId('sync-preview').getByTestId('sync-preview-what');
    await expect(what).toHaveText('sends local v1 as remote v1, with its 1 saved test');

    await call('PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [saved('good'), saved('bad')] });
    await expect(what).toHaveText(/^not pushed: local publish would refuse local v1: .*bad user/);
    await shootBoth(page, 'sync-preview-refuses');
  } finally {
    await remote.stop();
    rmSync(remoteDir, { recursive: true, force: true });
  }
});
