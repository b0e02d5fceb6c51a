import type { Locator, Page } from '@playwright/test';
import { expect, test, type StudioServer } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { captureKinds, DRAFT, LIVE, studioApi } from './replay-data';
import { shootBoth } from './shots';

// The Replay page as a user walks through it: the new-run form for a transformation that was
// never published, what an errored event shows, the run page at 1024x700, and an A vs B event.

const noise = Array.from({ length: 26 }, (_, i) => ({ type: 'track', event: 'Other', userId: `n${i}`, messageId: `other-${i}`, properties: { kind: 'other', i } }));

/** The list and the detail sit side by side, and the detail pane is most of the window's height. */
async function expectUsableDetail(page: Page): Promise<void> {
  const list = page.getByTestId('replay-results');
  const detail = page.getByTestId('result-detail');
  await detail.scrollIntoViewIfNeeded();
  const listBox = (await list.boundingBox())!;
  const pane = (await detail.locator('xpath=..').boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(pane.x, 'the detail is beside the list').toBeGreaterThanOrEqual(listBox.x + listBox.width - 1);
  expect(pane.height, 'the detail pane is tall enough to read').toBeGreaterThanOrEqual(viewport.height * 0.6);
  expect(pane.width, 'the detail pane is wide enough to read').toBeGreaterThanOrEqual(560);
}

async function pickFirst(page: Page, count: string, total: number): Promise<Locator> {
  await page.getByTestId(count).click();
  await expect(page.getByTestId('results-total')).toContainText(`${total} events`);
  await page.getByTestId('replay-results').getByRole('button').first().click();
  return page.getByTestId('result-detail');
}

/** 52 captured events and a transformation that was never published, with two versions (DRAFT, then DRAFT again). */
async function neverPublished(page: Page, server: StudioServer) {
  await captureKinds(server, noise); // 26 Kinds + 26 Other = 52 captured events
  const api = studioApi(server);
  const created = await api('POST', '/transformations', { name: 'Never published', code: DRAFT });
  const latest = await api('POST', `/transformations/${created.id}`, { code: `${DRAFT}// v2\n` });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}/#/replay`);
  return { created, latest, form: page.getByRole('form', { name: 'New replay run' }) };
}

/** Runs the never-published transformation's latest version on all 52 events and opens the run. */
async function runLatest(page: Page, server: StudioServer) {
  const { form, latest } = await neverPublished(page, server);
  await form.getByLabel('Transformation').selectOption({ label: 'Never published' });
  await expect(form.getByLabel('Run through (A)').locator(`option[value="${latest.versionId}"]`)).toHaveCount(1);
  await form.getByLabel('Run through (A)').selectOption(latest.versionId);
  await form.getByRole('button', { name: 'Start replay' }).click();
  await expect(page).toHaveURL(/#\/replay\/[^/?]+$/);
  await expect(page.getByTestId('run-status')).toHaveText('done');
}

test('a never-published transformation: the published option is disabled and says why, A defaults to the latest version; the API names it', async ({ page, server }) => {
  const { created, latest, form } = await neverPublished(page, server);
  await form.getByLabel('Transformation').selectOption({ label: 'Never published' });
  const runThrough = form.getByLabel('Run through (A)');
  await expect(runThrough).toHaveValue(latest.versionId);
  const publishedOption = runThrough.locator('option[value="published"]');
  await expect(publishedOption).toBeDisabled();
  await expect(publishedOption).toHaveText('The published version (not published yet)');
  await expect(form.getByTestId('unpublished-hint')).toHaveText('Never published is not published yet, so there is no published version to run; pick one of its versions.');
  await expect(form.getByLabel('Compare with (B, optional)').locator('option[value="published"]')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Start replay' })).toBeEnabled();
  await shootBoth(page, 'replay-form-unpublished');

  await form.getByRole('button', { name: 'Start replay' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('done');
  await expect(page.getByRole('heading', { name: 'Never published v2' })).toBeVisible();
  await expect(page.locator('.run-header')).toContainText('52 captured events');

  // Asked for a published version it does not have, the API answers 400 naming the transformation, not its id.
  const refused = await fetch(`${server.url}/studio/api/replay/runs`, {
    method: 'POST',
    headers: { authorization: server.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ source: { kind: 'filter', filter: {} }, target: { kind: 'published', transformationId: created.id } }),
  });
  expect(refused.status).toBe(400);
  const { error } = (await refused.json()) as { error: string };
  expect(error).toContain('"Never published" has no published version yet');
  expect(error).not.toContain(created.id);
});

test('the events line says what will really be replayed: all 52 captured events, or the last N of 52', async ({ page, server }) => {
  const { form } = await neverPublished(page, server);
  await expect(form).toContainText('Events: all 52 captured events');
  await expect(form).not.toContainText('1000 captured events');
  await form.getByLabel('How many (newest first)').fill('10');
  await expect(form).toContainText('Events: the last 10 of 52 captured events');
  await form.getByLabel('How many (newest first)').fill('1000');
  await expect(form).toContainText('Events: all 52 captured events');
});

test('an event whose run errored shows the error as its outcome, not a diff against []', async ({ page, server }) => {
  await runLatest(page, server);
  await page.getByRole('button', { name: 'Only errors' }).click();
  await expect(page.getByTestId('results-total')).toContainText('2 events');
  await page.getByTestId('replay-results').getByRole('button').first().click();
  const detail = page.getByTestId('result-detail');
  await expect(detail).toContainText('draft fails on fail');
  await expect(detail.getByTestId('event-diff')).toHaveCount(0);
  await expect(detail).not.toContainText('0 added');
  await expect(detail.getByTestId('result-outcome')).toHaveText(/^Failed: Never published v2 threw on this event/);
  await shootBoth(page, 'replay-run-error');
});

test('the run page gives the event detail a usable height beside the list at 1024x700 and 1440x900', async ({ page, server }) => {
  await runLatest(page, server);
  await page.getByTestId('replay-results').getByRole('button', { name: /#1 track Kinds/ }).click();
  const detail = page.getByTestId('result-detail');
  await expect(detail.getByTestId('event-diff')).toContainText('properties.seen');
  for (const size of [{ width: 1024, height: 700 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await expectUsableDetail(page);
  }
  await expect(detail.getByTestId('result-side-Output')).toContainText('"seen": "a"');
  await shootBoth(page, 'replay-run-detail');
});

test('A vs B: each side shows its outputs under its heading; a failed side is the outcome, not a diff', async ({ page, server }) => {
  await captureKinds(server);
  const api = studioApi(server);
  const live = await api('POST', '/transformations?publish=true', { name: 'Kinds', code: LIVE });
  const draft = await api('POST', `/transformations/${live.id}`, { code: DRAFT });
  const run = await api('POST', '/studio/api/replay/runs', {
    source: { kind: 'filter', filter: { event: 'Kinds' } },
    target: { kind: 'published', transformationId: live.id },
    compareWith: { kind: 'version', versionId: draft.versionId },
  });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${server.url}/#/replay/${encodeURIComponent(run.id)}`);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  // Each side's outcome names its target once, without brackets in brackets.
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(/^A · Kinds \(published\): \d+ kept/)).toBeVisible();
  await expect(summary.getByText(/^B · Kinds v2: \d+ kept/)).toBeVisible();
  await shootBoth(page, 'replay-compare-summary');

  // A changed event: the A vs B diff, and both outputs in full under A and B.
  let detail = await pickFirst(page, 'count-changed', 5);
  await expect(detail.getByTestId('event-diff')).toContainText('properties.extra');
  await expect(detail.getByTestId('result-side-A').getByLabel('A output')).toContainText('"seen": "a"');
  await expect(detail.getByTestId('result-side-B').getByLabel('B output')).toContainText('"seen": "b"');
  await expect(detail.getByTestId('result-side-B').getByLabel('B output')).toContainText('"extra": 1');
  await expect(detail.getByTestId('result-side-A').getByLabel('A output')).not.toContainText('"extra"');
  await expectUsableDetail(page);
  await shootBoth(page, 'replay-compare-changed');

  // An unchanged event: nothing to diff, both outputs still shown.
  detail = await pickFirst(page, 'count-unchanged', 10);
  await expect(detail).toContainText('No fields changed.');
  for (const side of ['A', 'B']) await expect(detail.getByTestId(`result-side-${side}`).getByLabel(`${side} output`)).toContainText('"kind": "same"');

  // A split: B's two events are shown as a list.
  detail = await pickFirst(page, 'count-split', 3);
  await expect(detail.getByTestId('result-outcome')).toHaveText('A kept it · B split it into 2 events');
  await expect(detail.getByTestId('result-side-B').getByLabel('B output')).toContainText('"event": "Second"');

  // Newly failing: the outcome names who failed; B shows its error; no diff against [].
  detail = await pickFirst(page, 'count-newlyFailing', 2);
  await expect(detail.getByTestId('result-outcome')).toHaveText('A kept it · B failed');
  await expect(detail.getByTestId('result-side-B')).toContainText('draft fails on fail');
  await expect(detail.getByTestId('result-side-A').getByLabel('A output')).toContainText('"kind": "fail"');
  await expect(detail.getByTestId('event-diff')).toHaveCount(0);
  await shootBoth(page, 'replay-compare-failing');
});
