// Captured events become a transformation's tests from the Events page (a selection, one event's
// detail): appended by default, replacing only when chosen; a library's pinned state is said the
// same on its page, in the list, the overview and the publish dialog.
import { PipelinePage } from './pages/pipeline-page';
import { captureKinds, DRAFT, LIVE } from './replay-data';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

const IDENTITY = 'export function transformEvent(event) { return event; }';

test('add events as tests from the Events page selection and from an event detail (append, then replace after saying so)', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const t = await ui.api<{ id: string }>('POST', '/transformations', { name: 'From events', code: IDENTITY });
  await ui.api('PUT', `/studio/api/transformations/${t.id}/test-events`, { events: [{ event: { type: 'track', event: 'Kept' }, expected: [{ type: 'track', event: 'Kept' }] }] });
  const source = await ui.defaultSource();
  for (const name of ['First', 'Second', 'Third']) await ui.send(source.writeKey, 'track', { userId: 'u1', event: name });
  await ui.signIn();
  await ui.go('Events');
  await expect(ui.rows).toHaveCount(3);
  await ui.rows.nth(0).getByRole('checkbox').click();
  await ui.rows.nth(1).getByRole('checkbox').click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Add selection as tests…' }).click();
  const dialog = page.getByTestId('add-as-tests');
  await expect(dialog.getByTestId('add-as-tests-mode')).toContainText('added after the 1 saved test of “From events”; nothing saved is replaced');
  await shootBoth(page, 'add-as-tests');
  await dialog.getByRole('button', { name: 'Add as tests' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 2 tests to “From events” (3 saved now)' })).toBeVisible();
  let saved = await ui.api<{ events: { event: { event: string }; expected?: unknown[] }[] }>('GET', `/studio/api/transformations/${t.id}/test-events`);
  expect(saved.events.map((e) => e.event.event)).toEqual(['Kept', 'Third', 'Second']);
  expect(saved.events[0]!.expected).toBeDefined();

  // One event's detail: add it, replacing the saved tests only after choosing to (and being told what goes).
  await ui.rows.nth(2).click();
  await page.getByTestId('event-detail').getByRole('button', { name: 'Add as test…' }).click();
  await dialog.getByLabel('Replace the saved tests instead of adding to them').check();
  await expect(dialog.getByTestId('add-as-tests-mode')).toContainText('The 3 saved tests of “From events” (with their expected outputs) are replaced');
  await dialog.getByRole('button', { name: 'Replace the saved tests' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Replaced the saved tests of “From events” (1 saved now)' })).toBeVisible();
  saved = await ui.api('GET', `/studio/api/transformations/${t.id}/test-events`);
  expect(saved.events.map((e) => e.event.event)).toEqual(['First']);
});

test("a library pinned by a live transformation says where it is live: its page, the list, the overview, the publish dialog", async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const lib = await ui.api<{ id: string }>('POST', '/libraries', { name: 'Pinned helpers', code: 'export const flag = 1;' });
  await ui.api('POST', '/transformations?publish=true', { name: 'Live user', code: "import { flag } from 'pinnedHelpers';\nexport function transformEvent(e) { e.flag = flag; return e; }" });
  await ui.signIn();
  await page.goto(`${server.url}/#/libraries/${lib.id}/live`);
  await expect(page.getByTestId('library-pin')).toHaveText('v1 ← Live user v1 (live)');
  const header = page.locator('.editor-title');
  await expect(header.getByTestId('pinned-badge')).toHaveText('Live in 1 transformation');
  await expect(header).not.toContainText('Not published');
  await expect(page.getByTestId('library-list').getByTestId('pinned-badge')).toBeVisible();
  await shootBoth(page, 'library-pinned');
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('publish-dialog')).toContainText('Not published itself; live as v1 in “Live user” v1');
  await page.getByTestId('publish-dialog').getByRole('button', { name: 'Cancel' }).click();
  await ui.go('Overview');
  await expect(page.getByText('(library, live as v1 in “Live user” v1)')).toBeVisible();
});

test("add a replay's chosen rows as tests (any rows, not only failures)", async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await captureKinds(server);
  const live = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Kinds', code: LIVE });
  const draft = await ui.api<{ versionId: string }>('POST', `/transformations/${live.id}`, { code: DRAFT });
  const run = await ui.api<{ id: string }>('POST', '/studio/api/replay/runs', {
    source: { kind: 'filter', filter: { event: 'Kinds' } },
    target: { kind: 'published', transformationId: live.id },
    compareWith: { kind: 'version', versionId: draft.versionId },
  });
  await ui.signIn();
  await page.goto(`${server.url}/#/replay/${encodeURIComponent(run.id)}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  await page.getByTestId('count-changed').click();
  await expect(page.getByTestId('results-total')).toContainText('5 events');
  const rows = page.getByTestId('replay-results');
  await rows.getByRole('checkbox').nth(0).check();
  await rows.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Add 2 selected as tests…' }).click();
  const dialog = page.getByTestId('add-as-tests');
  await expect(dialog.getByRole('combobox', { name: 'Transformation' })).toHaveValue(live.id);
  await dialog.getByRole('button', { name: 'Add as tests' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 2 tests to “Kinds” (2 saved now)' })).toBeVisible();
  const saved = await ui.api<{ events: { event: { properties: { kind: string } } }[] }>('GET', `/studio/api/transformations/${live.id}/test-events`);
  expect(saved.events.map((e) => e.event.properties.kind)).toEqual(['change', 'change']);
  await shootBoth(page, 'replay-rows-as-tests');
});
