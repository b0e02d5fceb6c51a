import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHeadless, type HeadlessProcess } from '../src/main/testing/spawn-headless';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// A repository folder open as the workspace (--workspace DIR; the Action's src/testdata layout):
// saving in the studio writes the file; a change on disk shows in the editor; both at once give
// the merge view, and the merged result ends up on disk.
const CODE = 'src/testdata/code.js';
let repo: string;
let dataDir: string;
let host: HeadlessProcess | undefined;

test.beforeEach(async ({ afterPage }) => {
  // Once the page has closed (a failure's page snapshot and trace show it with its host running).
  afterPage(async () => {
    await host?.stop();
    host = undefined;
    for (const dir of [repo, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });
  repo = mkdtempSync(join(tmpdir(), 'studio-e2e-repo-'));
  cpSync(fileURLToPath(new URL('./fixtures/action-repo', import.meta.url)), repo, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, '-c', 'user.email=e@example.com', '-c', 'user.name=e', ...args]);
  git('init', '-q', '-b', 'feature/shipping');
  git('add', '.');
  git('commit', '-q', '-m', 'fixture');
  dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
});

test('open a folder: save writes the file, a change on disk shows, both edited give the merge view whose result is saved to disk', async ({ page }) => {
  host = await startHeadless({ dataDir, args: ['--workspace', repo, '--workspace-meta', join(repo, 'src/testdata/meta.json')] });
  const ui = new StudioPage(page);
  const login = /Open the UI \(signed in for this run\): (\S+)/.exec(host.stdout())![1]!;
  await ui.open(login);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByTestId('transformation-list').getByRole('link', { name: /Order summary/ }).click();
  await expect(page.getByTestId('linked-file')).toContainText('On disk: src/testdata/code.js');
  await expect(page.getByTestId('git-branch')).toHaveText('feature/shipping');
  await expect(page.getByTestId('git-changed')).toContainText('unchanged (no file differs from HEAD)');

  // 1. Edit in the studio and save: the file on disk has the new code.
  const original = readFileSync(join(repo, CODE), 'utf8');
  const fromStudio = original.replace('orderId: event.properties?.orderId,', 'orderId: event.properties?.orderId,\n    channel: "web",');
  await ui.replaceCode(fromStudio);
  await ui.save();
  await expect.poll(() => readFileSync(join(repo, CODE), 'utf8')).toBe(fromStudio);
  await expect(page.getByTestId('git-changed')).toContainText('modified (1 file differs from HEAD: src/testdata/code.js)');
  await shootBoth(page, 'workspace-linked-file');

  // 2. Edit the file on disk: the editor shows it (no unsaved edits in the studio). Only the
  // folder's watch can bring it (the core re-reads nothing on a timer): the default wait, not a
  // shorter one, so a busy CI machine does not fail it.
  const fromDisk = fromStudio.replace('"web"', '"disk"');
  writeFileSync(join(repo, CODE), fromDisk);
  await expect(ui.code).toContainText('channel: "disk"');

  // 3. Both edited: the merge view (base, on disk, the studio's edits); the merged result is saved to disk.
  await ui.replaceCode(fromDisk.replace('tax: tax(items),', 'tax: tax(items),\n    studioEdit: true,'));
  await expect(page.getByTestId('unsaved')).toBeVisible();
  const both = fromDisk.replace('channel: "disk"', 'channel: "disk-again"');
  writeFileSync(join(repo, CODE), both);
  const merge = page.getByTestId('disk-merge');
  await expect(merge).toBeVisible();
  await expect(merge).toContainText('src/testdata/code.js changed on disk while you have unsaved edits');
  await expect(merge.getByLabel('Remote version')).toContainText('channel: "disk-again"');
  await expect(merge.getByLabel('Merge result (local side, editable)')).toContainText('studioEdit: true');
  await merge.getByText('The version your edits started from (base)').click();
  await expect(merge.getByTestId('merge-base')).toContainText('channel: "disk"');
  await shootBoth(page, 'workspace-disk-merge');
  // Take the disk's line into the result (the merge view's revert control for that chunk), keep the studio's edit.
  await merge.locator('.cm-merge-revert button').first().click();
  await expect(merge.getByLabel('Merge result (local side, editable)')).toContainText('channel: "disk-again"');
  await merge.getByRole('button', { name: 'Use the merged result' }).click();
  await expect(merge).toHaveCount(0);
  await expect(ui.code).toContainText('channel: "disk-again"');
  await expect(ui.code).toContainText('studioEdit: true');
  await ui.save();
  await expect.poll(() => readFileSync(join(repo, CODE), 'utf8')).toContain('studioEdit: true');
  const merged = readFileSync(join(repo, CODE), 'utf8');
  expect(merged).toContain('channel: "disk-again"');
  expect(merged).toContain('studioEdit: true');
});

test('open a folder from Settings: its transformations appear linked; a bad folder is refused naming what to fix', async ({ page, server }) => {
  const ui = new StudioPage(page);
  await ui.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const form = page.getByRole('form', { name: 'Open a folder' });
  await expect(page.getByTestId('folder-status')).toHaveText('No folder is open: the workspace lives only in the studio.');
  await form.getByLabel('Folder (the repository root)').fill(join(repo, 'src'));
  await form.getByRole('button', { name: 'Open folder' }).click();
  await expect(page.getByText(/^Not opened: .*meta.json does not exist/)).toBeVisible();

  await form.getByLabel('Folder (the repository root)').fill(repo);
  await form.getByLabel('Meta file (default: meta.json in the folder)').fill('src/testdata/meta.json');
  await form.getByRole('button', { name: 'Open folder' }).click();
  await expect(form.getByRole('status')).toHaveText(`Opened ${repo}: 1 transformations and 2 libraries linked to their files.`);
  await expect(page.getByTestId('folder-status')).toHaveText(`Linked to ${repo} (git: feature/shipping, 0 changed): 3 files.`);
  await form.scrollIntoViewIfNeeded();
  await shootBoth(page, 'workspace-open-folder');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByTestId('transformation-list').getByRole('link', { name: /Order summary/ }).click();
  await expect(page.getByTestId('linked-file')).toContainText('On disk: src/testdata/code.js');
});

test('a library open in its editor: a change on disk shows; with unsaved edits, the merge view, whose result is saved to disk', async ({ page }) => {
  const LIB = 'src/testdata/lib_shippingRegion.js';
  host = await startHeadless({ dataDir, args: ['--workspace', repo, '--workspace-meta', join(repo, 'src/testdata/meta.json')] });
  const ui = new StudioPage(page);
  await ui.open(/Open the UI \(signed in for this run\): (\S+)/.exec(host.stdout())![1]!);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByTestId('library-list').getByRole('link', { name: /shippingRegion/ }).click();
  await expect(page.getByTestId('linked-file')).toContainText(`On disk: ${LIB}`);

  // No unsaved edits: the editor shows the file's new content.
  const fromDisk = `${readFileSync(join(repo, LIB), 'utf8')}\nexport const fromDisk = 1;\n`;
  writeFileSync(join(repo, LIB), fromDisk);
  await expect(ui.code).toContainText('export const fromDisk = 1;');

  // Unsaved edits, then the file changes again: the merge view; its result is saved to the file.
  await ui.replaceCode(`export const fromStudio = 2;\n${fromDisk}`);
  await expect(page.getByTestId('unsaved')).toBeVisible();
  writeFileSync(join(repo, LIB), fromDisk.replace('fromDisk = 1', 'fromDisk = 3'));
  const merge = page.getByTestId('disk-merge');
  await expect(merge).toContainText(`${LIB} changed on disk while you have unsaved edits`);
  await expect(merge.getByLabel('Remote version')).toContainText('fromDisk = 3');
  await expect(merge.getByLabel('Merge result (local side, editable)')).toContainText('fromStudio = 2');
  await shootBoth(page, 'workspace-library-merge');
  // Two chunks: the studio's line at the top (kept), the disk's change at the bottom (taken with its revert control).
  await merge.locator('.cm-merge-revert button').last().click();
  await expect(merge.getByLabel('Merge result (local side, editable)')).toContainText('fromDisk = 3');
  await expect(merge.getByLabel('Merge result (local side, editable)')).toContainText('fromStudio = 2');
  await merge.getByRole('button', { name: 'Use the merged result' }).click();
  await expect(merge).toHaveCount(0);
  await ui.save();
  await expect.poll(() => readFileSync(join(repo, LIB), 'utf8')).toContain('fromStudio = 2');
  expect(readFileSync(join(repo, LIB), 'utf8')).toContain('fromDisk = 3');
});
