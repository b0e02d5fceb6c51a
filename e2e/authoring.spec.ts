import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';

const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));
type Event = { type: string; context?: { ip?: string; traits?: { email?: string } } };
const samples: Event[] = JSON.parse(readFileSync(new URL('../resources/fixtures/events/sample-50.json', import.meta.url), 'utf8'));

const EVENT_UTILS = `// Helpers shared by transformations.
export function normalizeEmail(value) {
  if (typeof value !== 'string') return value;
  return value.trim().toLowerCase();
}

export function maskEmail(value) {
  const email = normalizeEmail(value);
  if (!email || !email.includes('@')) return email;
  const [local, domain] = email.split('@');
  return local[0] + '***@' + domain;
}
`;

const MASK = (source: string) => `import { maskEmail } from '${source}';

export function transformEvent(event, metadata) {
  if (event.type === 'alias') return null;
  const traits = event.context?.traits;
  if (traits?.email) traits.email = maskEmail(traits.email);
  if (event.context) delete event.context.ip;
  return event;
}
`;

const maskEmail = (email: string) => {
  const [local, domain] = email.trim().toLowerCase().split('@');
  return `${local![0]}***@${domain}`;
};

test('author a library and a transformation, test it on samples, version, diff and restore', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);

  // A library with two functions.
  await studio.createLibrary('Event Utils');
  await expect(page.getByTestId('import-name')).toHaveText('eventUtils');
  await studio.replaceCode(EVENT_UTILS);
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await studio.save();
  await expect(studio.sidePanelTab(/^Versions \(2\)$/)).toBeVisible();

  // A transformation from the "Enrich with a library" template imports it.
  await studio.createTransformation('Mask PII', 'Enrich with a library', 'Event Utils (eventUtils)');
  await expect(studio.code).toContainText(`import { normalizeEmail } from 'eventUtils';`);
  await expect(studio.problems).toHaveText('No problems found.');

  // A bad import gets a diagnostic while typing; fixing it clears it.
  await studio.replaceCode(MASK('eventUtilz'));
  await expect(studio.problems).toContainText('import from "eventUtilz" failed. Module not found. Did you mean "eventUtils"');
  await expect(page.getByTestId('code-editor').locator('.cm-lintRange-error')).toHaveCount(1);
  await studio.replaceCode(MASK('eventUtils'));
  await expect(studio.problems).toHaveText('No problems found.');

  // Run the unsaved code on the 50 sample events.
  await studio.useAllSampleEvents();
  await studio.code.click();
  await page.keyboard.press('ControlOrMeta+Enter');
  const aliases = samples.filter((e) => e.type === 'alias').length;
  const changed = samples.filter((e) => e.type !== 'alias' && (e.context?.ip !== undefined || e.context?.traits?.email)).length;
  expect(aliases).toBeGreaterThan(0);
  await expect(studio.count('in')).toHaveText(String(samples.length));
  await expect(studio.count('out')).toHaveText(String(samples.length - aliases));
  await expect(studio.count('dropped')).toHaveText(String(aliases));
  await expect(studio.count('errors')).toHaveText('0');
  await expect(studio.count('changed')).toHaveText(String(changed));

  // The output and the diff of an event with an e-mail address.
  const index = samples.findIndex((e) => e.type !== 'alias' && e.context?.traits?.email);
  const email = samples[index]!.context!.traits!.email!;
  const row = await studio.resultRow(index + 1);
  await row.getByRole('button', { expanded: false }).click();
  const diff = row.getByTestId('event-diff');
  await expect(diff.locator('tr[data-kind="changed"]', { hasText: 'context.traits.email' })).toContainText(JSON.stringify(maskEmail(email)));
  await expect(diff.locator('tr[data-kind="removed"]', { hasText: 'context.ip' })).toContainText(JSON.stringify(samples[index]!.context!.ip));
  await page.screenshot({ path: artifact('editor-test-results.png') });
  await row.getByRole('button', { name: 'Output' }).click();
  const output = JSON.parse(await row.getByTestId('event-output').innerText());
  expect(output.context.traits.email).toBe(maskEmail(email));
  expect(output.context.ip).toBeUndefined();
  const aliasIndex = samples.findIndex((e) => e.type === 'alias');
  await expect((await studio.resultRow(aliasIndex + 1))).toHaveAttribute('data-status', 'dropped');

  // Save twice: versions 2 and 3.
  await studio.save();
  await expect(studio.sidePanelTab(/^Versions \(2\)$/)).toBeVisible();
  await studio.replaceCode(MASK('eventUtils').replace('  return event;\n}', '  event.context = { ...event.context, masked: true };\n  return event;\n}'));
  await studio.save();
  await studio.sidePanelTab(/^Versions \(3\)$/).click();

  // Diff version 2 with version 3.
  await studio.selectVersion('Older version', 2);
  await studio.selectVersion('Newer version', 3);
  // A choice cut short in a narrow panel is whole in the select's title.
  const newer = page.getByRole('combobox', { name: 'Newer version' });
  await expect(newer).toHaveAttribute('title', (await newer.locator('option:checked').textContent()) ?? 'no choice');
  await expect(newer).toHaveAttribute('title', /^v3 · /);
  await page.getByRole('button', { name: 'Show diff' }).click();
  const versionDiff = page.getByTestId('version-diff');
  await expect(versionDiff.locator('.cm-merge-b .cm-changedLine')).toHaveCount(1);
  await expect(versionDiff.locator('.cm-merge-b .cm-changedLine')).toContainText('masked: true');
  await expect(versionDiff.locator('.cm-merge-a')).not.toContainText('masked');
  await page.screenshot({ path: artifact('version-diff.png') });

  // Restore version 2 as a draft and save it as version 4.
  await page.getByRole('button', { name: 'Restore version 2 as draft' }).click();
  await expect(page.getByTestId('version-overlay')).toHaveCount(0);
  await expect(page.getByTestId('unsaved')).toBeVisible();
  await expect(studio.code).not.toContainText('masked');
  await studio.save();
  await expect(studio.sidePanelTab(/^Versions \(4\)$/)).toBeVisible();

  const auth = { Authorization: server.auth };
  const { transformations } = await (await page.request.get(`${server.url}/transformations`, { headers: auth })).json();
  const id = transformations[0].id;
  const versions = (await (await page.request.get(`${server.url}/transformations/${id}/versions?count=10&orderBy=ASC`, { headers: auth })).json()).TransformationVersions;
  expect(versions).toHaveLength(4);
  expect(versions[3].code).toBe(versions[1].code);
  expect(versions[2].code).toContain('masked: true');
});
