import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type ProcessSandbox } from '../index';

// A run's deadline (its wall limit plus grace; past it the process counts as stuck and is
// killed) counts from the moment its sandbox process is ready, not from when the run was sent:
// starting a process (loading isolated-vm and the sandbox's modules) is not the run's time. On
// a busy machine that start took long enough to kill the first run of a fresh process.

describe('starting a sandbox process', () => {
  let sandbox: ProcessSandbox | undefined;
  afterEach(() => sandbox?.close());

  it('does not count against the deadline of the first run sent to it', async () => {
    // Deadline 300 ms (200 ms wall + 100 ms grace): shorter than a sandbox process takes to
    // start from the sources here, long enough for the run itself once it has.
    // (Measured here: the first run answers after 600-700 ms; with the deadline counted from
    // the send, it was killed as stuck after 330 ms.)
    sandbox = createSandbox({ timeoutMs: 200, wallTimeoutMs: 200, graceMs: 100 });
    const out = await sandbox.transform({ code: 'export function transformEvent(e) { return { ...e, seen: true }; }', events: [{ messageId: 'm1', type: 'track' }] });
    expect(out.results[0]!.output).toEqual({ messageId: 'm1', type: 'track', seen: true });
    expect(sandbox.processes()).toHaveLength(1);
  });
});
