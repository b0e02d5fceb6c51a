import type { SandboxInstance } from '../isolate/instance';

/**
 * Prepares the realm of an instance's next run (SandboxInstance.prepareNext) once the answer of
 * its last run has left: in the event loop's check phase, after the callbacks of this turn (the
 * answer is sent in one of them), before the next message is read. The next batch then finds its
 * context made; on a machine with a spare core it was made while the core read the answer.
 */
export function prepareAhead(isRunning: (instance: SandboxInstance) => boolean) {
  const waiting = new Set<SandboxInstance>();
  let scheduled = false;
  return (instance: SandboxInstance): void => {
    waiting.add(instance);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      for (const next of waiting) if (!isRunning(next)) void next.prepareNext();
      waiting.clear();
    });
  };
}
