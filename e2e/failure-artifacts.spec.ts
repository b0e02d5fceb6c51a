import { expect, test } from './studio-fixture';

// A failed test's artifacts must show the page as it was at the failure: Playwright takes the
// page's snapshot (error-context.md) and ends the trace as it closes the page's context, in the
// fixtures' teardown, and emits the context's 'close' right after. The test's host must still run
// then, or they show the core-down banner instead (studio-fixture.ts, `afterPage`). The first test
// notes, at that 'close', whether its host had been signalled to stop; the second checks the note
// (its teardown is over by then). Serial: the second needs the first's note, from this worker.
test.describe.configure({ mode: 'serial' });

let hostStoppingAtPageClose: boolean | undefined;

test('a test host still runs when its page closes: noted at the close', async ({ page, server }) => {
  await page.goto(server.loginUrl);
  await expect(page.getByTestId('health')).toHaveText('ok');
  page.context().on('close', () => {
    hostStoppingAtPageClose = server.child.killed || server.child.exitCode !== null;
  });
});

test('a test host still runs when its page closes: the note says so', () => {
  expect(hostStoppingAtPageClose).toBe(false);
});
