import { expect, test } from './studio-fixture';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// Issue 41: a profile with too few samples says so; the heat marks of a profile follow their lines
// while the code is edited.

test('a profile of trivial code says it has too few samples; heat marks move with an edit', async ({ page, server }) => {
  const studio = new StudioPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Heat', 'Blank');
  await studio.useAllSampleEvents();
  const profile = page.getByRole('region', { name: 'Profile' });
  const run = () => page.getByRole('group', { name: 'Debug and profile' }).getByRole('button', { name: 'Profile', exact: true }).click();

  await studio.replaceCode('export function transformEvent(event) {\n  return event;\n}');
  await run();
  await expect(profile.getByTestId('few-samples')).toContainText('too few for the times per line and function to be trusted');
  await shootBoth(page, 'profile-few-samples');

  await studio.replaceCode('export function transformEvent(event) {\n  let n = 0;\n  for (let i = 0; i < 3e6; i++) n += i % 7;\n  return { ...event, n };\n}');
  await run();
  await expect(profile.getByTestId('hot-lines').locator('tbody tr').first()).toContainText('Heat:3');
  await expect(profile.getByTestId('few-samples')).toHaveCount(0);
  const editor = page.getByTestId('code-editor');
  const hottest = editor.locator('.cm-heat.hot:not([data-line="0"])'); // line 0: the gutter's width spacer
  await expect(hottest).toHaveAttribute('data-line', '3');
  await editor.locator('.cm-line').first().click();
  await page.keyboard.press('Home');
  await page.keyboard.type('// counts\n');
  await expect(hottest).toHaveAttribute('data-line', '4');
  await expect(editor.locator('.cm-line').nth(3)).toContainText('for (let i = 0');
});
