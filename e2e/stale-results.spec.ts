import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const DROP_ALL = `export function transformEvent(event, metadata) {
  log('dropping', event.type);
  return null;
}
`;

test('results that no longer match the code, events or libraries are marked stale and hidden until re-run', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Stale Check', 'Blank');
  await studio.save();
  await studio.useAllSampleEvents();

  await studio.replaceCode(DROP_ALL);
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('out')).toHaveText('0');
  const dropped = Number(await studio.count('dropped').textContent());
  expect(dropped).toBeGreaterThan(0);

  // Discarding the code that dropped everything: its results must not stay beside the saved code.
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Discard' }).click();
  const stale = page.getByTestId('stale-results');
  await expect(stale).toContainText('code changed since the last run');
  await expect(studio.count('dropped')).toHaveCount(0);
  await expect(page.getByTestId('logs')).toHaveCount(0);
  await shootBoth(page, 'stale-results');

  await stale.getByRole('button', { name: 'Re-run' }).click();
  await expect(stale).toHaveCount(0);
  await expect(studio.count('dropped')).toHaveText('0');
  await expect(studio.count('out')).toHaveText(String(dropped));

  // Changing the test events also makes the run stale.
  await studio.replaceCode('[]', page.getByTestId('events-editor').locator('.cm-content'));
  await expect(stale).toContainText('test events changed');
});
