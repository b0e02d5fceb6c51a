// A save's answer that arrives after the user edited on (a loaded machine) must not undo those
// edits: what was typed meanwhile is decided when the answer arrives, not when the save was sent.
import type { Page } from '@playwright/test';
import { expect, test } from './studio-fixture';
import { holdAnswers, holdRequests } from './held';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const SENT = 'export function transformEvent(event, metadata) {\n  event.first = true;\n  return event;\n}\n';
const TYPED = 'export function transformEvent(event, metadata) {\n  event.typedWhileSaving = true;\n  return event;\n}\n';

/** Resolves once the page has sent a request of `method` whose path matches `path`. */
const sent = (page: Page, method: string, path: RegExp) => page.waitForRequest((r) => r.method() === method && path.test(new URL(r.url()).pathname));

test('code typed while a version is saving stays as a draft: it comes back after leaving the page', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Typed while saving', 'Blank');
  await studio.replaceCode(SENT);
  // Held twice: the request (to type before the core has it), then its answer (the core stores v2
  // and pushes it, then runs its tests: the page hears of v2 before the save answers).
  const answer = await holdAnswers(page, /\/transformations\/[^/?]+$/, 'POST');
  const release = await holdRequests(page, /\/transformations\/[^/?]+$/, 'POST');
  const saving = sent(page, 'POST', /^\/transformations\/[^/]+$/);
  await page.getByRole('button', { name: 'Save version' }).click();
  await saving;
  await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
  await studio.replaceCode(TYPED);
  const pushed = page.waitForResponse((r) => r.request().method() === 'GET' && /^\/transformations\/[^/]+$/.test(new URL(r.url()).pathname));
  release();
  await pushed;
  await expect(studio.sidePanelTab(/^Versions \(2\)$/)).toBeVisible();
  answer();
  // The save answered (busy ends in the same update that takes its answer).
  await expect(page.getByRole('button', { name: 'Save version', exact: true })).toBeEnabled();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  // v2 is this page's own save, not "a newer version saved elsewhere": no merge view, the typed code stays in the editor.
  await expect(page.getByTestId('disk-merge')).toHaveCount(0);
  await expect(studio.code).toContainText('typedWhileSaving');
  await shootBoth(page, 'typed-while-saving');
  // Away and back: the editor shows what was typed (the draft), not the saved version.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await expect(page.getByTestId('code-editor')).toHaveCount(0);
  await page.getByText('Typed while saving').first().click();
  await expect(page.getByTestId('artifact-name')).toHaveText('Typed while saving');
  await expect(studio.code).toContainText('typedWhileSaving');
  await expect(page.getByTestId('unsaved')).toBeVisible();
});

test('while a save runs its tests, the page holds the new version without the last save\'s outcome', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Saved twice', 'Blank');
  await studio.replaceCode(SENT);
  await studio.save();
  await expect(page.getByTestId('save-outcome')).toContainText('Saved v2 · ');
  await studio.replaceCode(TYPED);
  // The core stores v3 and pushes it; its answer (after the tests ran) is still on its way.
  const release = await holdAnswers(page, /\/transformations\/[^/?]+$/, 'POST');
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByRole('button', { name: 'Saving…' })).toBeVisible();
  await expect(studio.sidePanelTab(/^Versions \(3\)$/)).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  // "Saved v2 · …" would be read as what the code in the editor (v3) did.
  await expect(page.getByTestId('save-outcome')).toHaveCount(0);
  await shootBoth(page, 'saving-pushed-before-answer');
  release();
  await expect(page.getByTestId('save-outcome')).toContainText('Saved v3 · ');
});

test('a settings field edited while the settings are saving keeps the edit when the save answers', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Memory limit (MB)').fill('64');
  const release = await holdRequests(page, '**/studio/api/settings/sandbox', 'PUT');
  const saving = sent(page, 'PUT', /\/studio\/api\/settings\/sandbox$/);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await saving;
  await page.getByLabel('Time limit per batch (ms)').fill('9000');
  release();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByLabel('Memory limit (MB)')).toHaveValue('64');
  await expect(page.getByLabel('Time limit per batch (ms)')).toHaveValue('9000');
  // Still an edit to save: saving again stores it.
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(async () => (await (await page.request.get(`${server.url}/studio/api/settings/sandbox`, { headers: { authorization: server.auth } })).json()).timeoutMs).toBe(9000);
});
