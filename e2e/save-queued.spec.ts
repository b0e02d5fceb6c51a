// A save asked for while a save is in flight (Ctrl+S, the Save button, Enter in the version
// message) is queued and runs once that save has finished: the code typed meanwhile is saved
// without the user having to notice and save again. A queued save behind a failed save is dropped.
import type { Page } from '@playwright/test';
import { expect, test, type StudioServer } from './studio-fixture';
import { holdAnswers, holdRequests } from './held';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const SENT = 'export function transformEvent(event, metadata) {\n  event.first = true;\n  return event;\n}\n';
const TYPED = 'export function transformEvent(event, metadata) {\n  event.typedWhileSaving = true;\n  return event;\n}\n';
const SAVE = /\/transformations\/[^/?]+$/;

/** The stored versions of the only transformation, oldest first (the studio API: with their messages). */
async function storedVersions(page: Page, server: StudioServer): Promise<{ code: string; message: string | null }[]> {
  const headers = { Authorization: server.auth };
  const { transformations } = await (await page.request.get(`${server.url}/transformations`, { headers })).json();
  const { versions } = await (await page.request.get(`${server.url}/studio/api/transformations/${transformations[0].id}/versions`, { headers })).json();
  return (versions as { number: number; code: string; message: string | null }[]).sort((a, b) => a.number - b.number);
}

/** A new blank transformation `name` with SENT typed (unsaved), on the editor: the page object and the editor's toolbar. */
async function typedTransformation(page: Page, server: StudioServer, name: string) {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation(name, 'Blank');
  await studio.replaceCode(SENT);
  return { studio, toolbar: page.getByRole('toolbar', { name: 'Editor actions' }) };
}

test('Ctrl+S while a version is saving queues a save: the code typed meanwhile becomes the next version', async ({ page, server }) => {
  const { studio, toolbar } = await typedTransformation(page, server, 'Saved again');
  // The core stores v2 (and pushes it); its answer is held, as on a loaded machine.
  const release = await holdAnswers(page, SAVE, 'POST');
  await toolbar.getByRole('button', { name: 'Save version' }).click();
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  // Nothing typed since: Ctrl+S has nothing to add to the save in flight.
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  await studio.replaceCode(TYPED);
  // Code typed since: the button offers to queue a save too.
  await expect(toolbar.getByRole('button', { name: 'Save again' })).toBeEnabled();
  await shootBoth(page, 'saving-typed-since');
  await page.keyboard.press('ControlOrMeta+s');
  await page.keyboard.press('ControlOrMeta+s'); // pressed twice: still one queued save
  await expect(toolbar.getByRole('button', { name: 'Save queued' })).toBeDisabled();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await shootBoth(page, 'save-queued');
  release();
  await expect(page.getByTestId('save-outcome')).toContainText('Saved v3 · ');
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Save version' })).toBeDisabled();
  await expect(studio.sidePanelTab(/^Versions \(3\)$/)).toBeVisible();
  const versions = await storedVersions(page, server);
  expect(versions.map((v) => v.code)).toEqual([expect.any(String), SENT, TYPED]);
});

test('a save queued behind a save that fails is dropped: the error shows, the code typed meanwhile stays unsaved', async ({ page, server }) => {
  const { studio, toolbar } = await typedTransformation(page, server, 'Failed first');
  // The first save is held, then refused (the core never sees it); the ones after go through.
  let refuse!: () => void;
  const refused = new Promise<void>((r) => (refuse = r));
  let held = 0;
  await page.route(SAVE, async (route) => {
    if (route.request().method() !== 'POST' || held++ > 0) return route.fallback();
    await refused;
    await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'Someone else saved first' }) });
  });
  await toolbar.getByRole('button', { name: 'Save version' }).click();
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeVisible();
  await studio.replaceCode(TYPED);
  // Enter in the version message asks for a save too.
  const message = page.getByRole('textbox', { name: 'Version message' });
  await message.fill('typed meanwhile');
  await message.press('Enter');
  await expect(toolbar.getByRole('button', { name: 'Save queued' })).toBeVisible();
  expect(held).toBe(1);
  refuse();
  await expect(page.getByRole('alert')).toContainText('Could not save: Someone else saved first');
  await expect(page.getByRole('status').filter({ hasText: 'The queued save did not run' })).toBeVisible();
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(studio.code).toContainText('typedWhileSaving');
  await expect(toolbar.getByRole('button', { name: 'Save version' })).toBeEnabled();
  expect(await storedVersions(page, server)).toHaveLength(1);
  await shootBoth(page, 'save-queued-dropped');
  // Saving again (when the user asks) stores the code and message typed meanwhile.
  await toolbar.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByTestId('save-outcome')).toContainText('Saved v2 · ');
  await expect(page.getByRole('status').filter({ hasText: 'The queued save did not run' })).toHaveCount(0);
  const versions = await storedVersions(page, server);
  expect(versions.map((v) => [v.code, v.message])).toEqual([expect.anything(), [TYPED, 'typed meanwhile']]);
});

test('Discard drops the queued save: the discarded code is not saved once the save in flight has finished', async ({ page, server }) => {
  const { studio, toolbar } = await typedTransformation(page, server, 'Discarded');
  const created = await storedVersions(page, server); // v1 only: SENT is typed, not saved
  // Held before the core has it: Discard goes back to v1's code, which differs from the v2 being saved.
  const release = await holdRequests(page, SAVE, 'POST');
  // v2's push is read after the save's answer (else the editor, with no unsaved edits, takes v2 from it).
  const readPushed = await holdRequests(page, SAVE, 'GET');
  await toolbar.getByRole('button', { name: 'Save version' }).click();
  await studio.replaceCode(TYPED);
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(toolbar.getByRole('button', { name: 'Save queued' })).toBeVisible();
  await toolbar.getByRole('button', { name: 'Discard' }).click();
  await expect(toolbar.getByRole('button', { name: 'Save queued' })).toHaveCount(0);
  // Nothing is left unsaved: the save in flight is all there is (no "Save again" for the code gone back to).
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  release();
  // Had the queued save stayed, the button would go "Save queued", "Saving…", then a disabled "Save
  // version" (v3 storing the discarded code): never an enabled "Save version" for the code left unsaved.
  await expect(toolbar.getByRole('button', { name: 'Save version' })).toBeEnabled();
  await expect(studio.sidePanelTab(/^Versions \(2\)$/)).toBeVisible();
  expect((await storedVersions(page, server)).map((v) => v.code)).toEqual([created[0]!.code, SENT]);
  readPushed();
});

test('on a library, Save again while its dependants are tested before a save queues a save of the code typed meanwhile', async ({ page, server }) => {
  const call = async (path: string, body: unknown) => (await page.request.post(`${server.url}${path}`, { headers: { Authorization: server.auth }, data: body })).json();
  const first = "export function tag(value) {\n  return 'first:' + value;\n}\n";
  const typed = "export function tag(value) {\n  return 'typed:' + value;\n}\n";
  const lib = await call('/libraries', { name: 'Tags', code: "export function tag(value) {\n  return 'tag:' + value;\n}\n" });
  await call('/transformations', { name: 'Tagger', code: "import { tag } from 'tags';\nexport function transformEvent(event) {\n  return { ...event, properties: { label: tag(event.event) } };\n}\n" });
  const studio = new StudioPage(page);
  const toolbar = page.getByRole('toolbar', { name: 'Editor actions' });
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Tags/ }).click();
  await studio.replaceCode(first);
  // The dependants' tests (before the version is saved) wait, as on a loaded machine.
  const release = await holdRequests(page, /\/studio\/api\/libraries\/[^/]+\/impact$/, 'POST');
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('status').filter({ hasText: 'Testing the transformations that import this library' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  await studio.replaceCode(typed);
  await toolbar.getByRole('button', { name: 'Save again' }).click();
  await expect(toolbar.getByRole('button', { name: 'Save queued' })).toBeDisabled();
  release();
  await expect(studio.sidePanelTab(/^Versions \(3\)$/)).toBeVisible();
  await expect(page.getByTestId('unsaved')).toHaveCount(0);
  await expect(toolbar.getByRole('button', { name: 'Save version' })).toBeDisabled();
  const { versions } = await (await page.request.get(`${server.url}/studio/api/libraries/${lib.id}/versions`, { headers: { Authorization: server.auth } })).json();
  expect((versions as { number: number; code: string }[]).sort((a, b) => a.number - b.number).map((v) => v.code)).toEqual([expect.any(String), first, typed]);
});
