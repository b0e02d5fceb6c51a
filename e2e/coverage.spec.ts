import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 41: coverage in the editor. A transformation with an identify branch and saved tests of
// tracks only: the gutter and the publish dialog show that branch never taken; with an identify
// test added, covered. The marks follow their lines through an edit and go out of date.

const CODE = [
  'export function transformEvent(event, metadata) {',
  "  if (event.type === 'identify') {",
  '    return { ...event, traits: { ...event.traits, identified: true } };',
  '  }',
  '  return { ...event, properties: { ...event.properties, seen: true } };',
  '}',
].join('\n');
const TRACKS = [
  { type: 'track', event: 'Order Completed', userId: 'u1', properties: { total: 10 } },
  { type: 'track', event: 'Product Viewed', userId: 'u2', properties: { sku: 'a' } },
];
const IDENTIFY = { type: 'identify', userId: 'u3', traits: { plan: 'pro' } };

test('saved tests of tracks only leave the identify branch uncovered in the gutter and the publish dialog; an identify test covers it', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Identify branch', 'Blank');
  await studio.replaceCode(CODE);
  await studio.save();
  const events = page.getByTestId('events-editor').locator('.cm-content');
  await studio.replaceCode(JSON.stringify(TRACKS, null, 2), events);
  await page.getByRole('button', { name: 'Replace tests…' }).click();
  await page.getByRole('dialog', { name: 'Replace the saved tests?' }).getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByTestId('saved-tests')).toHaveText('2 saved');

  const editor = page.getByTestId('code-editor');
  const mark = (line: number) => editor.locator(`.cm-coverage[data-line="${line}"]`);
  await (await studio.check()).getByRole('group', { name: 'Coverage and fuzz' }).getByRole('button', { name: 'Coverage' }).click();
  const summary = page.getByTestId('coverage-summary');
  await expect(summary).toContainText('covered by the saved tests');
  await expect(summary).toContainText('branches 1 of 2 covered');
  await expect(mark(2)).toHaveAttribute('data-status', 'partly');
  await expect(mark(3)).toHaveAttribute('data-status', 'not');
  await expect(mark(5)).toHaveAttribute('data-status', 'covered');
  await expect(mark(5)).toHaveAttribute('data-hits', '2');
  await expect(mark(5)).toHaveAttribute('title', /Covered by the saved tests \(ran 2 times\)/);
  await expect(mark(3)).toHaveAttribute('title', /Not covered/);
  const panelBranches = page.getByRole('region', { name: 'Coverage' }).getByTestId('uncovered-branches');
  await expect(panelBranches).toContainText("if (event.type === 'identify')");
  await shootBoth(page, 'coverage-gutter');

  // The publish dialog: how much the saved tests cover, and the branch they never take, one click from its line.
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByTestId('publish-dialog');
  const coverage = dialog.getByTestId('publish-coverage');
  await expect(coverage).toContainText('branches 1 of 2 covered by the saved tests');
  const branch = coverage.getByTestId('uncovered-branches').locator('li').filter({ hasText: "if (event.type === 'identify')" });
  await expect(branch).toHaveCount(1);
  await shootBoth(page, 'coverage-publish-dialog');
  await branch.getByRole('button', { name: 'line 2' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor.locator('.cm-activeLine')).toHaveText(CODE.split('\n')[1]!);

  // An identify test, then coverage again: the branch is taken.
  await studio.replaceCode(JSON.stringify([...TRACKS, IDENTIFY], null, 2), events);
  await studio.benchEvents('Save as tests…');
  await expect(page.getByTestId('saved-tests')).toHaveText('3 saved');
  await page.getByRole('region', { name: 'Coverage' }).getByRole('button', { name: 'Run again' }).click();
  await expect(summary).toContainText('branches 2 of 2 covered');
  await expect(mark(2)).toHaveAttribute('data-status', 'covered'); // both ways of the if taken now
  await expect(mark(3)).toHaveAttribute('data-status', 'covered');
  await expect(mark(3)).toHaveAttribute('data-hits', '1');
  await expect(panelBranches).toHaveCount(0); // no branch left untaken
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByTestId('publish-coverage')).toContainText('branches 2 of 2 covered by the saved tests');
  await expect(dialog.getByTestId('publish-coverage')).not.toContainText("if (event.type === 'identify')");
  await shootBoth(page, 'coverage-publish-dialog-covered');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An edit above: the marks follow their lines, and the coverage says it is out of date.
  await editor.locator('.cm-line').first().click();
  await page.keyboard.press('Home');
  await page.keyboard.type('// tags orders\n');
  await expect(mark(4)).toHaveAttribute('data-status', 'covered');
  await expect(mark(4)).toHaveAttribute('data-hits', '1');
  await expect(mark(3)).toHaveAttribute('data-status', 'covered');
  await expect(mark(7)).toHaveAttribute('data-status', 'covered');
  await expect(page.getByTestId('coverage-stale')).toContainText('Out of date');
  await expect(mark(4)).toHaveAttribute('title', /out of date/);
  await shootBoth(page, 'coverage-out-of-date');
});
