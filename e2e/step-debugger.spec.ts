import { expect, test } from './studio-fixture';
import { DebuggerPage } from './pages/debugger-page';
import { StudioPage } from './pages/studio-page';
import { shootBoth } from './shots';

// The step debugger of the test bench (issue 32): a debug process with V8's inspector, driven
// from the editor's gutter and the debugger panel. (e2e/debugging.spec.ts is about something else.)

const STEPS = [
  'export function transformEvent(event, metadata) {',
  '  let step = 1;',
  '  step = step + 1;',
  '  const who = event.userId;',
  '  return { ...event, step, who };',
  '}',
].join('\n');

const writeKey = { Authorization: `Basic ${Buffer.from('cli-write-key:').toString('base64')}` };

test('a breakpoint pauses a captured event: scopes, step over, a watch that changes, evaluate, continue to the result', async ({ page, server }) => {
  expect((await page.request.post(`${server.url}/v1/track`, { headers: writeKey, data: { userId: 'u-debug', event: 'Debug Me', properties: { n: 1 } } })).status()).toBe(200);
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Stepper', 'Blank');
  await studio.replaceCode(STEPS);
  await studio.benchEvents('Captured events…');
  const picker = page.getByTestId('captured-picker');
  await picker.getByRole('checkbox').first().check();
  await picker.getByRole('button', { name: /Use selected/ }).click();

  await debug.toggleBreakpoint(page.getByTestId('code-editor'), 3);
  await expect(page.getByTestId('code-editor').locator('.cm-breakpoint.on')).toHaveCount(1);
  await debug.debug();
  await expect(debug.status).toHaveText('Paused at a breakpoint: Stepper, line 3');
  await debug.expectPausedAt(studio.code, 'step = step + 1;');
  await expect(debug.row('Scopes', 'step')).toContainText('1');
  await debug.row('Scopes', 'event').getByRole('button', { name: 'Expand event' }).click();
  await expect(debug.row('Scopes', 'userId')).toContainText('"u-debug"');
  await debug.addWatch('step * 10');
  await expect(debug.row('Watch', 'step * 10')).toContainText('10');
  await shootBoth(page, 'debugger-paused');

  // The new pause's watch is evaluated again; until its answer comes it shows as pending, never the
  // previous pause's 10 (its evaluation is held here, as a loaded machine may hold it).
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let heldEvaluations = 0;
  await page.route('**/studio/api/debug/sessions/*/commands', async (route) => {
    if ((route.request().postDataJSON() as { method?: string }).method === 'Debugger.evaluateOnCallFrame') {
      heldEvaluations += 1;
      await released;
    }
    await route.continue();
  });
  await debug.control('Step over').click();
  await expect(debug.status).toHaveText('Paused at Stepper, line 4');
  await debug.expectPausedAt(studio.code, 'const who = event.userId;');
  await expect.poll(() => heldEvaluations).toBeGreaterThan(0);
  await expect(debug.row('Watch', 'step * 10')).toHaveText('step * 10…');
  release();
  await expect(debug.row('Watch', 'step * 10')).toContainText('20');
  await debug.evaluate("event.userId + '!' + step");
  await expect(debug.row('Evaluate', "event.userId + '!' + step")).toContainText('"u-debug!2"');

  await debug.control('Continue').click();
  await expect(debug.status).toContainText('Finished');
  await expect(page.getByTestId('debug-result')).toContainText('"who": "u-debug"');
  await expect(page.getByTestId('debug-result')).toContainText('"step": 2');
  await expect(debug.currentLine(studio.code)).toHaveCount(0);
});

test('a debugger statement in a library pauses in the library; an uncaught exception stops at its line', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createLibrary('Event Utils');
  await studio.replaceCode('export function tag(event) {\n  const tagged = { ...event, tagged: true };\n  debugger;\n  return tagged;\n}');
  await studio.save();
  await studio.createTransformation('Uses Library', 'Blank');
  await studio.replaceCode("import { tag } from 'eventUtils';\nexport function transformEvent(event) {\n  if (event.fail) throw new Error('failing ' + event.userId);\n  return tag(event);\n}");
  await studio.useAllSampleEvents();

  await debug.debug();
  await expect(debug.status).toHaveText('Paused at library eventUtils, line 3');
  const source = page.getByTestId('frame-source');
  await expect(debug.currentLine(source)).toHaveText('  debugger;');
  await expect(debug.panel.getByRole('region', { name: 'Call stack' })).toContainText('transformEvent Uses Library:4');
  await debug.control('Continue').click();
  await expect(page.getByTestId('debug-result')).toContainText('"tagged": true');

  const failing = JSON.stringify([{ type: 'track', event: 'Boom', userId: 'u-x', fail: true }], null, 2);
  await studio.replaceCode(failing, page.getByTestId('events-editor').locator('.cm-content'));
  await debug.debug('uncaught');
  await expect(debug.status).toContainText('Paused on an exception at Uses Library, line 3: Error: failing u-x');
  await debug.expectPausedAt(studio.code, "throw new Error('failing ' + event.userId);");
  await debug.control('Continue').click();
  await expect(page.getByTestId('debug-result')).toContainText('failing u-x');
});

test('an infinite loop under the debugger is stopped with Stop; the bench runs tests right after', async ({ page, server }) => {
  const studio = new StudioPage(page);
  const debug = new DebuggerPage(page);
  await studio.open(server.loginUrl);
  await studio.createTransformation('Spinner', 'Blank');
  await studio.useAllSampleEvents();
  await studio.replaceCode('export function transformEvent(event) {\n  while (true) {}\n}');
  await debug.debug();
  await expect(debug.status).toHaveText('Running…');
  await debug.control('Stop').click();
  await expect(debug.status).toHaveText('Stopped.');

  await studio.replaceCode('export function transformEvent(event) {\n  return { ...event, fine: true };\n}');
  await page.getByRole('button', { name: 'Run test' }).click();
  await expect(studio.count('errors')).toHaveText('0');
  await expect(page.getByTestId('event-result').first()).toBeVisible();
});
