import { holdRequests } from './held';
import { PipelinePage } from './pages/pipeline-page';
import { shootBoth } from './shots';
import { expect, test } from './studio-fixture';

// The publish dialog at 1024x700: its buttons are in view without scrolling, and the diff against
// the live version shows long lines whole (wrapped), never cut at the side's edge.

const LONG = "  event.context = { ...event.context, note: 'a long line that goes on well past the width of one side of the diff, up to its very end: THE-END' };";

test('the publish dialog fits 1024x700: buttons in view, long diff lines wrapped whole', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const t = await ui.api<{ id: string }>('POST', '/transformations?publish=true', { name: 'Wide', code: 'export function transformEvent(event) {\n  return event;\n}\n', events: [{ type: 'track', event: 'x' }] });
  // A long diff (40 new lines and one very long one): the dialog is taller than the window.
  const added = Array.from({ length: 40 }, (_, i) => `  event.k${i} = ${i};`).join('\n');
  await ui.api('POST', `/transformations/${t.id}`, { code: `export function transformEvent(event) {\n${LONG}\n${added}\n  return event;\n}\n` });
  await ui.signIn();
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(`${server.url}/#/transformations/${t.id}`);
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByTestId('publish-dialog');
  await expect(dialog).toContainText('Changes against the live version (v1)');
  const diff = dialog.getByTestId('version-diff');
  const longLine = diff.locator('.cm-line', { hasText: 'THE-END' });
  await expect(longLine).toHaveCount(1);
  await longLine.scrollIntoViewIfNeeded();
  // The whole line is inside its side: its right edge is within the side's editor.
  const lineBox = (await longLine.boundingBox())!;
  const sideBox = (await diff.locator('.cm-editor.cm-merge-b').boundingBox())!;
  expect(lineBox.x + lineBox.width).toBeLessThanOrEqual(sideBox.x + sideBox.width + 1);
  expect(lineBox.height).toBeGreaterThan(30); // wrapped onto more than one row
  // The line the same in both versions right before the insertion is not marked as changed (the
  // diff matches lines first; lines further down are not rendered until scrolled to).
  const same = diff.locator('.cm-merge-b .cm-line', { hasText: 'export function transformEvent(event) {' });
  await expect(same).toHaveCount(1);
  await expect(same).not.toHaveClass(/cm-changedLine/);
  await expect(same.locator('.cm-changedText')).toHaveCount(0);
  // The buttons are on screen without scrolling the dialog or the page.
  await expect(dialog.getByRole('button', { name: 'Test and publish' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
  await shootBoth(page, 'publish-dialog-fit');
  // Its untested-publish question sits in the scrolled body; the buttons stay put and answer.
  await dialog.getByLabel(/published untested/).check();
  await expect(dialog.getByRole('button', { name: 'Test and publish' })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.editor-title')).toContainText('Published');
});

test('while the version history loads, Publish is disabled and says why; it is enabled once the history arrives', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const t = await ui.api<{ id: string }>('POST', '/transformations', { name: 'Slow history', code: 'export function transformEvent(event) {\n  return event;\n}\n' });
  // Hold the history (a loaded machine did this) until the screenshots are taken.
  const release = await holdRequests(page, /\/studio\/api\/transformations\/[^/]+\/versions(\?|$)/);
  await ui.signIn();
  await page.goto(`${server.url}/#/transformations/${t.id}`);
  const publish = page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAttribute('title', 'The version history is still loading');
  await shootBoth(page, 'publish-history-loading');
  // The other ways in (the "Publish and connect" link, the palette, the shortcut) do what they say:
  // the dialog opens once the history arrives (before: "try again in a moment", and nothing opened).
  await page.getByTestId('connect-offer').getByRole('button', { name: 'Publish and connect a destination…' }).click();
  await expect(page.getByText('Publish opens as soon as the version history has loaded…')).toBeVisible();
  await shootBoth(page, 'publish-history-loading-asked');
  release();
  await expect(page.getByTestId('publish-dialog')).toBeVisible();
  await expect(page.getByText('Publish opens as soon as the version history has loaded…')).toHaveCount(0);
  await page.getByTestId('publish-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(publish).toBeEnabled();
  await publish.click();
  await expect(page.getByTestId('publish-dialog')).toBeVisible();
});
