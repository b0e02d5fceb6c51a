import { fileURLToPath } from 'node:url';
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { captureKinds, DRAFT, expectKindsCompare, LIVE, saveKindsFailures, studioApi } from './replay-data';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

test('compare published vs draft on captured events, read the summary, open a diff, save the failures as tests, publish', async ({ page, server }) => {
  const batch = await captureKinds(server);
  const api = studioApi(server);
  const live = await api('POST', '/transformations?publish=true', { name: 'Kinds', code: LIVE });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Kinds');

  // The draft in the editor against the live version, on the last 26 captured events.
  await studio.replaceCode(DRAFT);
  const checks = await studio.check();
  await checks.getByLabel('Captured events to replay').fill(String(batch.length));
  await checks.getByRole('button', { name: 'Compare with live' }).click();
  await expect(page.getByTestId('run-status')).toHaveText('done');

  await expectKindsCompare(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('replay-run-1440x900.png') });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.screenshot({ path: artifact('replay-run-1024x700.png') });

  // The draft's failures become saved test events of the transformation.
  await saveKindsFailures(page, server, live.id);

  // The runs list shows the run with its progress.
  await page.goto(`${server.url}/#/replay`);
  await expect(page.getByTestId('run-row')).toHaveCount(1);
  await expect(page.getByTestId('run-row')).toContainText('done');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('replay-runs-1440x900.png') });

  // Fix the draft, save and publish: the saved test events pass now.
  await page.goto(`${server.url}/#/transformations/${live.id}`);
  await expect(page.getByTestId('artifact-name')).toHaveText('Kinds');
  await studio.replaceCode(DRAFT.replace("if (k === 'fail') throw new Error('draft fails on ' + k);", ''));
  await studio.save();
  const check = await api('POST', '/transformations/libraries/test', { transformations: [{ versionId: (await api('GET', `/transformations/${live.id}`)).versionId }] });
  expect(check.passed).toBe(true);
  // Publishing goes through the publish dialog (it shows the tests it will run, then publishes).
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  await page.getByTestId('publish-dialog').getByRole('button', { name: 'Test and publish' }).click();
  await expect(page.locator('.editor-title')).toContainText('Published');
});
