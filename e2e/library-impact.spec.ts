import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const EVENTS = [
  { type: 'identify', messageId: 'i1', userId: 'u1', traits: {} },
  { type: 'track', event: 'Signed Up', messageId: 't1', userId: 'u2', properties: {} },
];

test('a library edit is judged before/after: failures the saved library has too are not blamed on the edit', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Helpers');
  await studio.replaceCode(`export function tag(value) {\n  return 'tag:' + value;\n}\n`);
  await studio.save();
  await studio.createTransformation('Strict', 'Enrich with a library', 'Helpers (helpers)');
  // Its own bug: identify events always throw, whatever the library does.
  await studio.replaceCode(`import { tag } from 'helpers';\n\nexport function transformEvent(event, metadata) {\n  if (event.type === 'identify') throw new Error('own bug');\n  return { ...event, properties: { label: tag(event.event) } };\n}\n`);
  await studio.save();
  await studio.replaceCode(JSON.stringify(EVENTS, null, 2), page.getByTestId('events-editor').locator('.cm-content'));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Helpers/ }).click();
  await studio.sidePanelTab(/^Used by \(1\)$/).click();
  await studio.replaceCode(`export function tag(value) {\n  return 'label:' + value;\n}\n`);
  // Saving does not stop at a "fails with this code" question: the edit breaks nothing.
  await studio.save();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('used-by-summary')).toHaveText('This edit breaks none of the 1; 1 already fail with the saved library too.');
  await expect(page.getByTestId('impact')).toHaveText(/0 newly failing · 0 fixed · 1 outputs changed · 1 failing before too/);
  await expect(page.getByTestId('used-by-list')).not.toContainText('own bug');

  // An edit that does break it is still caught, and named.
  await studio.replaceCode(`export function tag(value) {\n  throw new Error('tag broke');\n}\n`);
  await page.getByRole('button', { name: 'Test them with this code' }).click();
  await expect(page.getByTestId('used-by-summary')).toHaveText('1 of 1 fail with this code.');
  await expect(page.getByTestId('impact')).toHaveText(/1 newly failing · 0 fixed · 0 outputs changed · 1 failing before too/);
  await expect(page.getByTestId('used-by-list')).toContainText('tag broke');
  await shootBoth(page, 'library-impact');
});

// Issue 37 point 2: an edit that changes what a dependant's saved test expects (nothing throws) read
// "1 of 1 fail with this code" beside "0 newly failing", with the saved tests' failure shown twice.
test('a library edit that breaks a saved test\'s expected output: the summary and the row say it is the saved tests, the failure once', async ({ page, server }) => {
  const api = async (method: string, path: string, body?: unknown) =>
    (await fetch(server.url + path, { method, headers: { authorization: server.auth, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })).json() as Promise<{
      id: string;
      dependants: { status: string; summary: string }[];
    }>;
  const lib = await api('POST', '/libraries', { name: 'Labels', code: "export function tag(value) {\n  return 'tag:' + value;\n}\n" });
  const tr = await api('POST', '/transformations', { name: 'Tagger', code: "import { tag } from 'labels';\nexport function transformEvent(event) {\n  return { ...event, properties: { label: tag(event.event) } };\n}\n" });
  const event = { type: 'track', event: 'Signed Up', messageId: 't1', userId: 'u2', properties: {} };
  await api('PUT', `/studio/api/transformations/${tr.id}/test-events`, { events: [{ event, expected: [{ ...event, properties: { label: 'tag:Signed Up' } }] }] });
  const edited = "export function tag(value) {\n  return 'label:' + value;\n}\n";
  const verdict = (await api('POST', `/studio/api/libraries/${lib.id}/impact`, { code: edited })).dependants[0]!;
  expect(verdict.status).toBe('failed');

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Labels/ }).click();
  await studio.sidePanelTab(/^Used by \(1\)$/).click();
  await studio.replaceCode(edited);
  await page.getByRole('button', { name: 'Test them with this code' }).click();
  await expect(page.getByTestId('used-by-summary')).toHaveText('1 of 1 fail with this code: 1 by its saved tests (expected outputs or checks).');
  await expect(page.getByTestId('impact')).toContainText('0 newly failing');
  await expect(page.getByTestId('impact')).toContainText('its saved tests fail on their expected outputs or checks (no event newly fails)');
  const list = (await page.getByTestId('used-by-list').textContent()) ?? '';
  expect(list.split(verdict.summary).length - 1, 'the saved tests\' failure is shown once').toBe(1);
  await shootBoth(page, 'library-impact-saved-tests');
});
