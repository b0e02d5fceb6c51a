import { PipelinePage } from './pages/pipeline-page';
import { StudioPage } from './pages/studio-page';
import { expect, test } from './studio-fixture';

// Connecting made obvious: the destination form says how to connect a transformation, and the
// publish dialog connects destinations to the version it publishes.

test('connect a destination from the publish dialog', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  const warehouse = await ui.api<{ id: string }>('POST', '/studio/api/destinations', { name: 'Warehouse', kind: 'capture' });
  await ui.api('POST', '/studio/api/destinations', { name: 'Archive', kind: 'capture' });
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);

  // Nothing published yet: the destination form says what to do.
  await ui.go('Destinations');
  await page.getByTestId('destination-card').filter({ hasText: 'Warehouse' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('publish-hint')).toContainText('publish a transformation to connect it');
  await page.getByTestId('destination-form').getByRole('button', { name: 'Cancel' }).click();

  await studio.createTransformation('Enrich', 'Blank');
  // A new transformation offers to connect: publish, picking the destinations.
  await page.getByTestId('connect-offer').getByRole('button', { name: 'Publish and connect a destination…' }).click();
  const dialog = page.getByTestId('publish-dialog');
  const picks = dialog.getByTestId('publish-destinations');
  await expect(picks).toContainText('None connected yet');
  await picks.getByRole('checkbox', { name: 'Warehouse' }).check();
  await dialog.getByRole('button', { name: 'Test and publish' }).click();
  await expect(dialog).toHaveCount(0);

  const connected = await ui.api<{ transformationId: string | null; transformation: { name: string } | null }>('GET', `/studio/api/destinations/${warehouse.id}`);
  expect(connected.transformation?.name).toBe('Enrich');
  await expect(page.getByTestId('live-on')).toContainText('Warehouse');
  await expect(page.getByTestId('connect-offer')).toHaveCount(0);
  const { destinations } = await ui.api<{ destinations: { name: string; transformationId: string | null }[] }>('GET', '/studio/api/destinations');
  expect(destinations.find((d) => d.name === 'Archive')?.transformationId).toBeNull();

  // A new version published: Warehouse shows as connected, Archive can still be picked.
  await studio.replaceCode('export function transformEvent(event) { event.enriched = true; return event; }\n');
  await studio.save();
  await page.getByRole('toolbar', { name: 'Editor actions' }).getByRole('button', { name: /^Publish/ }).click();
  await expect(picks).toContainText('Warehouse');
  await expect(picks.getByRole('checkbox')).toHaveCount(1);
  await expect(picks.getByRole('checkbox', { name: 'Archive' })).toBeVisible();
});
