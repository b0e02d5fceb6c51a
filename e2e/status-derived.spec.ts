// Issue 37, point 1: "tests ✓" never outlives its inputs. A version saved with passing tests,
// then a failing saved test added (as "Save as tests" does) or an imported library saved: the open
// page turns the ✓ into ✗ with the reason, pushed by the core (no reload), an older version says
// "tests out of date" and why, and publish refuses the version, as its status says.
import { expect, test, type StudioServer } from './studio-fixture';
import type { Page } from '@playwright/test';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const EVENT = { type: 'track', event: 'Order', messageId: 'o-1', userId: 'u1', properties: { total: 3 } };

async function call(page: Page, server: StudioServer, method: 'post' | 'put', path: string, data: unknown) {
  const response = await page.request[method](`${server.url}${path}`, { headers: { Authorization: server.auth }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** Opens the transformation, saves the editor's code as v2 and expects its tests to pass. */
async function saveV2(page: Page, server: StudioServer, id: string, code: string, passed: string): Promise<StudioPage> {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.goto(`${server.url}/#/transformations/${id}`);
  await studio.replaceCode(`${code}\n// v2\n`);
  await studio.save();
  await expect(page.getByTestId('save-outcome')).toHaveText(`Saved v2 · tests passed (${passed})`);
  return studio;
}

async function publishRefused(page: Page, reason: RegExp): Promise<void> {
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Not published');
  await expect(dialog.getByRole('alert')).toContainText(reason);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
}

test('a failing saved test added after a passing save: the ✓ becomes ✗ without a reload, v1 says "2 tests added since this run", publish refuses', async ({ page, server }) => {
  const code = "export function transformEvent(event, metadata) {\n  if (event.userId === 'bad') throw new Error('bad user');\n  return event;\n}";
  const tr = await call(page, server, 'post', '/transformations', { name: 'Order check', code });
  const saved = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `order ${i + 1}`, event: { ...EVENT, messageId: `o-${i + 1}` } }));
  await call(page, server, 'put', `/studio/api/transformations/${tr.id}/test-events`, { events: saved(2) });
  const studio = await saveV2(page, server, tr.id, code, '2 saved tests passed');

  // Captured events saved as tests elsewhere (another window, the CLI): one of them fails this code.
  await call(page, server, 'put', `/studio/api/transformations/${tr.id}/test-events`, { events: [...saved(2), { event: { ...EVENT, messageId: 'o-bad', userId: 'bad' } }, { event: EVENT }] });
  const outcome = page.getByTestId('save-outcome');
  await expect(outcome).toContainText('Saved v2 · tests failed: 1 of 4 events failed');
  await expect(outcome).toContainText('bad user');

  await studio.sidePanelTab('Versions (2)').click();
  const v2 = page.getByRole('article', { name: 'Version 2', exact: true });
  const v1 = page.getByRole('article', { name: 'Version 1', exact: true });
  await expect(v2.getByTestId('test-status')).toHaveText('tests ✗');
  await expect(v1.getByTestId('test-status')).toHaveText('tests out of date');
  await expect(v1.getByTestId('test-status')).toHaveAttribute('title', /2 tests added since this run/);
  await expect(v1.getByTestId('test-reasons')).toHaveText('Out of date: 2 tests added since this run');
  await shootBoth(page, 'status-tests-added');
  await publishRefused(page, /bad user/);
});

test('an imported library saved after a passing save: ✗ with the library\'s failure, v1 says "library Total Helper changed: v1 → v2", publish refuses', async ({ page, server }) => {
  const lib = await call(page, server, 'post', '/libraries', { name: 'Total Helper', code: 'export const total = (e) => e.properties.total;' });
  const code = `import { total } from '${lib.importName}';\n\nexport function transformEvent(event, metadata) {\n  if (total(event) !== 3) throw new Error('total is ' + total(event));\n  return event;\n}`;
  const tr = await call(page, server, 'post', '/transformations', { name: 'Totals', code });
  await call(page, server, 'put', `/studio/api/transformations/${tr.id}/test-events`, { events: [{ name: 'total three', event: EVENT }] });
  const studio = await saveV2(page, server, tr.id, code, '1 saved test passed');

  await call(page, server, 'post', `/libraries/${lib.id}`, { code: 'export const total = (e) => e.properties.total + 1;' });
  await expect(page.getByTestId('save-outcome')).toContainText('Saved v2 · tests failed: 1 of 1 events failed');
  await expect(page.getByTestId('save-outcome')).toContainText('total is 4');
  await studio.sidePanelTab('Versions (2)').click();
  const v1 = page.getByRole('article', { name: 'Version 1', exact: true });
  await expect(v1.getByTestId('test-status')).toHaveText('tests out of date');
  await expect(v1.getByTestId('test-status')).toHaveAttribute('title', /library Total Helper changed: v1 → v2/);
  await expect(v1.getByTestId('test-reasons')).toContainText('Out of date: library Total Helper changed: v1 → v2');
  await shootBoth(page, 'status-library-changed');
  await publishRefused(page, /total is 4/);
  // An older version is not re-run by itself; asked, it records what publish would say of it now.
  await v1.getByRole('button', { name: 'Run the tests of version 1 again' }).click();
  await expect(v1.getByTestId('test-status')).toHaveText('tests ✗');
  await expect(v1.getByTestId('test-reasons')).toHaveCount(0);
});
