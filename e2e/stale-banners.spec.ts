// Issue 37, point 2: a banner that was true once goes when its cause is gone. A refusal to save
// is about the code it checked (fixed code: no "Not saved: fix this first"); the discard's Undo
// is offered until new unsaved changes are made (then Undo would throw those away).
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

const GOOD = 'export function transformEvent(event, metadata) {\n  return event;\n}\n';
const BROKEN = 'export function transformEvent(event, metadata) {\n  return event.;\n}\n';

test('"Not saved: fix this first" goes once the code is fixed', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Banners', 'Blank');

  await studio.replaceCode(BROKEN);
  await studio.code.focus();
  await page.keyboard.press('ControlOrMeta+s');
  const refusal = page.getByRole('alert').filter({ hasText: 'Not saved: fix this first' });
  await expect(refusal).toBeVisible();
  await studio.replaceCode(GOOD.replace('return event;', 'return { ...event, fixed: true };'));
  await expect(studio.problems).toContainText('No problems found');
  await expect(refusal).toHaveCount(0);
  await shootBoth(page, 'stale-banner-fixed-code');
});

test('"Unsaved changes discarded. Undo" goes with the next edit (Undo would throw that edit away)', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Discards', 'Blank');
  await studio.replaceCode(GOOD.replace('return event;', 'return { ...event, first: true };'));
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  const notice = page.getByTestId('discard-notice');
  await expect(notice).toContainText('Unsaved changes discarded');
  await studio.replaceCode(GOOD.replace('return event;', 'return { ...event, later: true };'));
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

// "Not live on any destination yet" for seconds after publish and connect: the page re-read the
// connections every 5 s. With the page's timers stopped (page.clock), only the publish itself can
// change the notice: it must go at once.
test('"Not live on any destination yet" goes as soon as publish connects a destination, not on the next 5 s re-read', async ({ page, server }) => {
  const auth = { authorization: server.auth, 'content-type': 'application/json' };
  await fetch(`${server.url}/studio/api/destinations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Warehouse', kind: 'capture' }) });
  await page.clock.install();
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Livener', 'Blank');
  const offer = page.getByTestId('connect-offer');
  await expect(offer).toContainText('Not live on any destination yet');
  // From here no timer of the page fires: no periodic re-read can hide a stale notice.
  await page.clock.pauseAt(Date.now() + 1000);
  await offer.getByRole('button', { name: 'Publish and connect a destination…' }).click();
  const dialog = page.getByTestId('publish-dialog');
  await dialog.getByTestId('publish-destinations').getByRole('checkbox', { name: 'Warehouse' }).check();
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('live-on')).toContainText('Live on Warehouse');
  await expect(offer).toHaveCount(0);
});

// The bench's "Tests on this code: ✗ …" was a verdict on the code it ran: it stayed under other
// code (and beside "Saved v4 · tests passed"). It goes once the code or the saved tests change.
test('"Tests on this code: ✗" goes once the code it ran on changes', async ({ page, server }) => {
  const headers = { authorization: server.auth, 'content-type': 'application/json' };
  const created = await (await fetch(`${server.url}/transformations`, { method: 'POST', headers, body: JSON.stringify({ name: 'Verdicts', code: GOOD }) })).json() as { id: string };
  const event = { type: 'track', event: 'Fixed', messageId: 'v-1' };
  await fetch(`${server.url}/studio/api/transformations/${created.id}/test-events`, { method: 'PUT', headers, body: JSON.stringify({ events: [{ event, expected: [{ ...event, fixed: true }] }] }) });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transformations' }).click();
  await page.getByText('Verdicts').first().click();
  const bar = page.getByRole('group', { name: 'Saved tests' });
  await expect(bar.getByTestId('saved-tests')).toHaveText('1 saved');
  await bar.getByRole('button', { name: 'Run saved tests' }).click();
  const verdict = page.getByTestId('tests-run');
  await expect(verdict).toContainText('Tests on this code: ✗');
  await studio.replaceCode('export function transformEvent(event, metadata) {\n  return { ...event, fixed: true };\n}\n');
  await expect(verdict).toHaveCount(0);
  await bar.getByRole('button', { name: 'Run saved tests' }).click();
  await expect(verdict).toContainText('Tests on this code: ✓');
});
