import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

test('saving refuses code that does not compile or exports no handler, and says where', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Checked', 'Blank');
  await expect(studio.sidePanelTab('Versions (1)')).toBeVisible();

  await studio.replaceCode('export function transformEvent(event, metadata) {\n  return event.;\n}\n');
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByRole('alert')).toContainText('Not saved');
  await expect(page.getByRole('alert')).toContainText("line 2: SyntaxError: Unexpected token ';'");
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await shootBoth(page, 'save-check');

  await studio.replaceCode('function transformEvent(event) {\n  return event;\n}\n');
  await page.getByRole('button', { name: 'Save version' }).click();
  await expect(page.getByRole('alert')).toContainText('declared but not exported');

  const versions = await (await page.request.get(`${server.url}/transformations`, { headers: { Authorization: server.auth } })).json();
  const id = versions.transformations[0].id;
  const list = await (await page.request.get(`${server.url}/transformations/${id}/versions`, { headers: { Authorization: server.auth } })).json();
  expect(list.TransformationVersions).toHaveLength(1);

  await studio.replaceCode('export function transformEvent(event) {\n  return event;\n}\n');
  await studio.save();
  await expect(studio.sidePanelTab('Versions (2)')).toBeVisible();
});
