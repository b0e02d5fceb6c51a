import { fileURLToPath } from 'node:url';
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { captureKinds, DRAFT, expectKindsCompare, LIVE, saveKindsFailures, studioApi } from './replay-data';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

test('from the events page: select events, compare published vs draft, read the summary, open a diff, save the failures as tests, publish', async ({ page, server }) => {
  const noise = Array.from({ length: 4 }, (_, i) => ({ type: 'identify', userId: `n${i}`, messageId: `noise-${i}`, traits: { i } }));
  const batch = await captureKinds(server, noise);
  const api = studioApi(server);
  const live = await api('POST', '/transformations?publish=true', { name: 'Kinds', code: LIVE });
  const draft = await api('POST', `/transformations/${live.id}`, { code: DRAFT });
  expect(draft.versionId).not.toBe(live.versionId);

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The events page, filtered to the Kinds events; everything matching is selected.
  await page.goto(`${server.url}/#/events?event=Kinds`);
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await page.getByRole('button', { name: `Select all ${batch.length} matching` }).click();
  await expect(page.getByTestId('selection-count')).toHaveText(`${batch.length} selected`);
  await page.screenshot({ path: artifact('replay-from-events-1440x900.png') });
  await page.getByRole('button', { name: 'Replay selection…' }).click();

  // Choose the transformation and compare the published version (A) with the draft (B).
  const form = page.getByRole('form', { name: 'New replay run' });
  await expect(form).toContainText('matching event “Kinds”');
  await form.getByLabel('Transformation').selectOption({ label: 'Kinds' });
  await form.getByLabel('Run through (A)').selectOption('published');
  await expect(form.getByLabel('Compare with (B, optional)').locator(`option[value="${draft.versionId}"]`)).toHaveCount(1);
  await form.getByLabel('Compare with (B, optional)').selectOption(draft.versionId);
  await page.screenshot({ path: artifact('replay-from-events-form-1440x900.png') });
  await form.getByRole('button', { name: 'Start compare' }).click();

  // The run page: the summary counted exactly, and one per-event A vs B diff.
  await expect(page).toHaveURL(/#\/replay\/[^/?]+$/);
  await expect(page.getByTestId('run-status')).toHaveText('done');
  await expectKindsCompare(page);
  await page.screenshot({ path: artifact('replay-from-events-run-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: artifact('replay-from-events-run-1024x700.png') });

  // The draft's failures become saved test events of the transformation.
  await saveKindsFailures(page, server, live.id);

  // Fix the draft in the editor, save and publish through the publish dialog.
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Kinds');
  await studio.replaceCode(DRAFT.replace("if (k === 'fail') throw new Error('draft fails on ' + k);", ''));
  await studio.save();
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByTestId('publish-dialog').getByRole('button', { name: 'Test and publish' }).click();
  await expect(page.locator('.editor-title')).toContainText('Published');
  const published = await api('GET', `/transformations/${live.id}`);
  expect(published.code).not.toContain('draft fails on');
});
