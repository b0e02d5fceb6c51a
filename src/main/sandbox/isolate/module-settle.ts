import type IsolatedVM from 'isolated-vm';
import { sandboxError } from '../errors';
import type { IsolateOps } from './ops';

// A module's evaluation can finish with its top-level `await` still pending. Nothing inside an
// isolate being created can settle it later (no timers; host calls answer only during a run), so
// a module whose evaluation has not completed once evaluate() returns never will. A probe module
// importing it runs its own body only after the module completed: when the probe's export is
// still uninitialised, the module is stuck. Its export is the module's namespace: evaluating the
// probe evaluates the module (its dependency; the same errors), and a realm's setup reads both
// from the probe in one call (realm.ts).

const PROBE_SOURCE = "import * as module from 'module under test';\nexport const settled = module;";

export const unsettledMessage = (name: string) =>
  `The top-level code of ${name} never finished: a top-level await never settles within the time limit (nothing it awaits can be resolved outside a run)`;

/** The probe of a module, compiled and linked to it (no code runs). */
export async function prepareProbe(ops: IsolateOps, isolate: IsolatedVM.Isolate, context: IsolatedVM.Context, module: IsolatedVM.Module): Promise<IsolatedVM.Module> {
  const probe = await ops.compileModule(isolate, PROBE_SOURCE, { filename: 'sandbox probe' });
  await ops.instantiate(probe, context, () => module);
  return probe;
}

/**
 * Once the module was evaluated: throws a sandbox error when its top-level evaluation never
 * settles (the probe's binding is still uninitialised: reading it throws).
 */
export async function settledProbe(ops: IsolateOps, probe: IsolatedVM.Module, name: string, timeoutMs: number): Promise<void> {
  await ops.evaluate(probe, timeoutMs);
  let settled = false;
  try {
    const value = await ops.get(probe.namespace, 'settled');
    settled = value.typeof === 'object';
    value.release();
  } catch {
    settled = false;
  }
  if (!settled) throw sandboxError(unsettledMessage(name));
}

/** Evaluates an instantiated module; throws a sandbox error when its top-level evaluation never settles. */
export async function evaluateSettled(
  ops: IsolateOps,
  isolate: IsolatedVM.Isolate,
  context: IsolatedVM.Context,
  module: IsolatedVM.Module,
  name: string,
  timeoutMs: number,
): Promise<void> {
  const probe = await prepareProbe(ops, isolate, context, module);
  try {
    await ops.evaluate(module, timeoutMs);
    await settledProbe(ops, probe, name, timeoutMs);
  } finally {
    probe.release();
  }
}
