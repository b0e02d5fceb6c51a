import { afterAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from './testing/harness';
import { eventually } from './testing/event-helpers';

// The hosts start a sandbox process right after the URL line (prestartSandbox), so the first test
// run does not wait for one to load isolated-vm; without the option none starts before a run.
describe('sandbox process started after listening', () => {
  const studios: TestStudio[] = [];
  afterAll(async () => {
    for (const t of studios) await t.close();
  });

  it('is up before any run when asked for, and takes the first run', async () => {
    const t = await startTestStudio({ prestartSandbox: true });
    studios.push(t);
    const pid = await eventually(async () => t.studio.sandboxProcesses()[0]?.pid, 20_000, 'a sandbox process');
    const run = await t.call('POST', '/studio/api/test', { code: 'export function transformEvent(e) { return e; }', events: [{ type: 'track', event: 'E', messageId: 'm1' }] });
    expect(run.status).toBe(200);
    expect(t.studio.sandboxProcesses().map((p) => p.pid)).toEqual([pid]);
  });

  it('is not started by default', async () => {
    const t = await startTestStudio();
    studios.push(t);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(t.studio.sandboxProcesses()).toEqual([]);
  });
});
