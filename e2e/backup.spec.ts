import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { startHeadless } from '../src/main/testing/spawn-headless';

// Settings → Backup: export a workspace with its secrets from one data folder, import it into
// another (a wrong passphrase first: refused, nothing imported), through the UI.

test('exports the workspace with sealed secrets and imports it into an empty data folder', async ({ page, server }) => {
  const created = await fetch(`${server.url}/transformations`, {
    method: 'POST',
    headers: { authorization: server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Backed up', code: 'export function transformEvent(e) { return e; }' }),
  });
  expect(created.status).toBe(200);
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const exportForm = page.getByRole('form', { name: 'Export workspace' });
  await exportForm.getByLabel('Include secrets').check();
  await exportForm.getByLabel('Passphrase').fill('a long passphrase');
  await exportForm.getByRole('button', { name: 'Export workspace' }).scrollIntoViewIfNeeded();
  const downloading = page.waitForEvent('download');
  await exportForm.getByRole('button', { name: 'Export workspace' }).click();
  const download = await downloading;
  const saved = join(mkdtempSync(join(tmpdir(), 'studio-backup-e2e-')), download.suggestedFilename());
  await download.saveAs(saved);
  await expect(exportForm.getByRole('status')).toContainText('secrets sealed with your passphrase');
  await shootBoth(page, 'backup-export');

  const otherDir = mkdtempSync(join(tmpdir(), 'studio-e2e-other-'));
  const other = await startHeadless({ dataDir: otherDir });
  try {
    const login = /Open the UI \(signed in for this run\): (\S+)/.exec(other.stdout())![1]!;
    await studio.open(login);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    const importForm = page.getByRole('form', { name: 'Import workspace' });
    await importForm.getByLabel('Backup file').setInputFiles(saved);
    await importForm.getByLabel('Passphrase').fill('not the passphrase');
    await importForm.getByRole('button', { name: 'Import workspace' }).click();
    await expect(page.getByRole('alert')).toContainText('passphrase does not open');
    await importForm.getByLabel('Passphrase').fill('a long passphrase');
    await importForm.getByRole('button', { name: 'Import workspace' }).click();
    await expect(page.getByTestId('import-result')).toContainText('with secrets');
    await expect(page.getByTestId('import-result')).toContainText('1 transformation versions');
    await page.getByTestId('import-result').scrollIntoViewIfNeeded();
    await shootBoth(page, 'backup-import');
    const list = await (await fetch(`${other.url}/transformations`, { headers: { authorization: server.auth } })).json();
    expect(JSON.stringify(list)).toContain('Backed up');
  } finally {
    await other.stop();
    rmSync(otherDir, { recursive: true, force: true });
    rmSync(saved, { force: true });
  }
});
