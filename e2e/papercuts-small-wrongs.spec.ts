import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PipelinePage } from './pages/pipeline-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';
import { expect, test, type StudioServer } from './studio-fixture';

// Issue #42 point 5, the small wrongs, one test each.

const PASS = 'export function transformEvent(event, metadata) {\n  return event;\n}\n';
const ev = (n: number, extra: Record<string, unknown> = {}) => ({ type: 'track', event: `Event ${n}`, userId: `u${n}`, messageId: `m-${n}`, properties: {}, ...extra });

async function created(server: StudioServer, name: string, events: unknown[] = [], message?: string): Promise<string> {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const t = (await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name, code: PASS }) })).json()) as { id: string };
  if (message) await fetch(`${server.url}/transformations/${t.id}`, { method: 'POST', headers, body: JSON.stringify({ name, code: PASS.replace('return', '// second\n  return'), message }) });
  if (events.length) await fetch(`${server.url}/studio/api/transformations/${t.id}/test-events`, { method: 'PUT', headers, body: JSON.stringify({ events }) });
  return t.id;
}

test('"Save as tests" asks before adding many tests, and the notice after it has Undo', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Many tests', 'Blank');
  const saved = page.getByTestId('saved-tests');
  // A new Blank transformation starts with its template's 2 saved tests: wait for them to load before counting.
  const before = 2;
  await expect(saved).toHaveText(`${before} saved`);
  await studio.replaceCode(JSON.stringify([ev(1), ev(2), ev(3), ev(4)], null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await studio.benchEvents('Save as tests…');
  const ask = page.getByRole('dialog', { name: 'Add 4 saved tests?' });
  await expect(ask).toBeVisible();
  await shootBoth(page, 'save-as-tests-confirm');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(saved).toHaveText(`${before} saved`);
  await studio.benchEvents('Save as tests…');
  await ask.getByRole('button', { name: 'Add 4 tests' }).click();
  await expect(saved).toHaveText(`${before + 4} saved`);
  const note = page.getByTestId('saved-tests-note');
  await expect(note).toContainText('Added 4 tests');
  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(saved).toHaveText(`${before} saved`);
  await expect(note).toContainText('Took back the 4 tests just added');
});

test('publish counts failing events (not failed checks) and names a saved test with its bench row', async ({ page, server }) => {
  const failing = ev(3, { checks: undefined });
  const id = await created(server, 'Counted', [
    { event: ev(1) },
    { event: ev(2) },
    { event: failing, checks: [{ path: 'properties.a', op: 'exists' }, { path: 'properties.b', op: 'exists' }] },
  ]);
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('3 saved');
  // The bench holds only the failing event: it is the bench's #1 and saved test event 3.
  await studio.replaceCode(JSON.stringify([failing], null, 2), page.getByTestId('events-editor').locator('.cm-content'));
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  const failure = dialog.getByTestId('publish-failure');
  await expect(failure).toContainText('1 of 3 events failed');
  await expect(failure.getByTestId('failed-event')).toHaveCount(1);
  await expect(failure.getByTestId('failed-event')).toContainText('Saved test event 3 (the bench’s #1)');
  await shootBoth(page, 'publish-failure-counted');
});

test("one bench event is '1 event'; the replay form's versions carry their messages", async ({ page, server }) => {
  const id = await created(server, 'Messages', [{ event: ev(1) }], 'Drop the test users');
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${id}`);
  await expect(page.getByTestId('saved-tests')).toHaveText('1 saved');
  await expect(page.getByLabel('Events to profile').locator('option').first()).toHaveText('1 bench event');

  await page.goto(`${server.url}/#/replay`);
  const form = page.getByRole('form', { name: 'New replay run' });
  await form.getByLabel('Transformation').selectOption({ label: 'Messages' });
  await expect(form.locator('option', { hasText: 'Drop the test users' }).first()).toHaveText(/^v2 · Drop the test users · /);
});

test('the editor flags a misspelt event name and traits.emial with did-you-mean from the schema', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const source = await ui.defaultSource();
  await ui.send(source.writeKey, 'track', { userId: 'u1', event: 'Order Completed', messageId: 'o-1', properties: { total: 1 } });
  await ui.send(source.writeKey, 'identify', { userId: 'u1', messageId: 'i-1', traits: { email: 'a@example.com' } });
  await expect.poll(async () => (await ui.api<{ totalEvents: number }>('GET', '/studio/api/schema/fields')).totalEvents).toBe(2);
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Typos', 'Blank');
  await studio.replaceCode([
    'export function transformEvent(event, metadata) {',
    "  if (event.event === 'Order Complted') return null;",
    '  const who = event.traits.emial;',
    '  return event;',
    '}',
  ].join('\n'));
  await expect(studio.problems).toContainText('No captured event is named "Order Complted" (all sources). Did you mean "Order Completed"?');
  await expect(studio.problems).toContainText('No captured event has event.traits.emial (all sources). Did you mean "email"?');
  await shootBoth(page, 'editor-typo-warnings');
});

test("the docs' breakpoint gutter is where the editor has it", async ({ page, server }) => {
  // The README's feature list (docs/features.md since README was split).
  const docs = ['README.md', 'docs/features.md'].map((f) => { try { return readFileSync(f, 'utf8'); } catch { return ''; } }).join('\n');
  const said = /Click the gutter (?:just )?(left|right) of a line number/.exec(docs)?.[1];
  expect(said, 'the docs say where to click for a breakpoint').toBeDefined();
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Gutter', 'Blank');
  const editor = page.getByTestId('code-editor');
  const numbers = (await editor.locator('.cm-lineNumbers').boundingBox())!;
  const breakpoints = (await editor.locator('.cm-breakpoint-gutter').boundingBox())!;
  expect(breakpoints.x >= numbers.x + numbers.width - 1 ? 'right' : 'left').toBe(said);
});

test('`studio --help` prints the usage and exits 0', async () => {
  const help = await new Promise<{ code: number; out: string }>((resolve) =>
    execFile(process.execPath, ['bin/studio.mjs', '--help'], (error, stdout) => resolve({ code: error ? Number(error.code) : 0, out: stdout })),
  );
  expect(help.code).toBe(0);
  expect(help.out).toContain('usage: studio sync');
});
