import type IsolatedVM from 'isolated-vm';
import { sandboxError } from '../errors';

// A module's evaluation can finish with its top-level `await` still pending. Nothing inside an
// isolate being created can settle it later (no timers; host calls answer only during a run), so
// a module whose evaluation has not completed once evaluate() returns never will. A probe module
// importing it runs its own body only after the module completed: when the probe's export is
// still uninitialised, the module is stuck.

const PROBE_SOURCE = "import 'module under test';\nexport const settled = true;";

export const unsettledMessage = (name: string) =>
  `The top-level code of ${name} never finished: a top-level await never settles within the time limit (nothing it awaits can be resolved outside a run)`;

/** Evaluates an instantiated module; throws a sandbox error when its top-level evaluation never settles. */
export async function evaluateSettled(
  isolate: IsolatedVM.Isolate,
  context: IsolatedVM.Context,
  module: IsolatedVM.Module,
  name: string,
  timeoutMs: number,
): Promise<void> {
  await module.evaluate({ timeout: timeoutMs });
  const probe = await isolate.compileModule(PROBE_SOURCE, { filename: 'sandbox probe' });
  try {
    await probe.instantiate(context, () => module);
    await probe.evaluate({ timeout: timeoutMs });
    const settled = (await context.evalClosure('try { return $0.settled === true; } catch (_) { return false; }', [probe.namespace.derefInto()], {
      result: { copy: true },
      timeout: timeoutMs,
    })) as boolean;
    if (!settled) throw sandboxError(unsettledMessage(name));
  } finally {
    probe.release();
  }
}
