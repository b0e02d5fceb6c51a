import { expect, test, type StudioServer } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 37: a library's latest version's "tests ✓" follows its importers' saved tests. The page is
// told over the versions stream: when an importer gains a test this version fails, the open
// library page shows it (out of date, then ✗ from the background re-run) without a reload.

const TAGGER = (tag: string) => `export function tag(event) { event.tag = '${tag}'; return event; }`;
const EVENT = { type: 'track', event: 'Tagged', messageId: 'lt-1', userId: 'u1', properties: {} };

/** A management or studio API call with the run's credentials (GET: no body). */
const caller = (server: StudioServer) => async (method: string, path: string, body?: unknown) =>
  (await (await fetch(`${server.url}${path}`, { method, headers: { authorization: server.auth, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as { id: string };

test('a library version’s tests ✓ becomes ✗ on the open page when an importer gains a failing saved test', async ({ page, server }) => {
  const call = caller(server);
  const lib = await call('POST', '/libraries', { name: 'Pushed tags', code: TAGGER('one') });
  const user = await call('POST', '/transformations', { name: 'Tag checker', code: `import { tag } from 'pushedTags';\nexport function transformEvent(event) { return tag(event); }` });
  await call('PUT', `/studio/api/transformations/${user.id}/test-events`, { events: [{ event: EVENT, expected: [{ ...EVENT, tag: 'one' }] }] });
  await call('POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v2`, message: 'comment' });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Pushed tags/ }).click();
  await studio.sidePanelTab('Versions (2)').click();
  const status = page.getByRole('article', { name: 'Version 2' }).getByTestId('test-status');
  await expect(status).toHaveAttribute('data-status', 'passed');

  const second = { ...EVENT, messageId: 'lt-2' };
  await call('PUT', `/studio/api/transformations/${user.id}/test-events`, {
    events: [
      { event: EVENT, expected: [{ ...EVENT, tag: 'one' }] },
      { event: second, expected: [{ ...second, tag: 'two' }] },
    ],
  });
  await expect(status).toHaveAttribute('data-status', 'failed');
  await expect(status).toHaveAttribute('title', /"Tag checker".*1 of 2 events failed/);
  await shootBoth(page, 'library-status-failed');
});

// #37, round 5: an older library version (neither latest nor published, so not re-run by itself)
// has "Run tests again", as a transformation's older version has; asked, it records the outcome.
test('an older library version out of date runs its tests again when asked, like a transformation version', async ({ page, server }) => {
  const call = caller(server);
  const lib = await call('POST', '/libraries', { name: 'Older tags', code: TAGGER('one') });
  const user = await call('POST', '/transformations', { name: 'Older checker', code: `import { tag } from 'olderTags';\nexport function transformEvent(event) { return tag(event); }` });
  await call('PUT', `/studio/api/transformations/${user.id}/test-events`, { events: [{ event: EVENT, expected: [{ ...EVENT, tag: 'one' }] }] });
  // v1 (latest until v2) is re-run by itself once it has an importer with a test: settled before v2 is saved.
  const versions = async () => ((await call('GET', `/studio/api/libraries/${lib.id}/versions`)) as unknown as { versions: { number: number; testStatus: string }[] }).versions.map((v) => [v.number, v.testStatus]);
  await expect.poll(versions).toEqual([[1, 'passed']]);
  await call('POST', `/libraries/${lib.id}`, { code: `${TAGGER('one')}\n// v2`, message: 'comment' });

  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: /Older tags/ }).click();
  await studio.sidePanelTab('Versions (2)').click();
  const v1 = page.getByRole('article', { name: 'Version 1', exact: true });
  await expect(v1.getByTestId('test-status')).toHaveAttribute('data-status', 'passed');

  const second = { ...EVENT, messageId: 'lt-2' };
  await call('PUT', `/studio/api/transformations/${user.id}/test-events`, {
    events: [
      { event: EVENT, expected: [{ ...EVENT, tag: 'one' }] },
      { event: second, expected: [{ ...second, tag: 'two' }] },
    ],
  });
  await expect(v1.getByTestId('test-status')).toHaveText('tests out of date');
  await expect(v1.getByTestId('test-reasons')).toContainText('the saved tests of "Older checker" changed since this run');
  await shootBoth(page, 'library-older-out-of-date');
  await v1.getByRole('button', { name: 'Run the tests of version 1 again' }).click();
  await expect(v1.getByTestId('test-status')).toHaveAttribute('data-status', 'failed');
  await expect(v1.getByTestId('test-status')).toHaveAttribute('title', /"Older checker".*1 of 2 events failed/);
  await expect(v1.getByTestId('test-reasons')).toHaveCount(0);
});
