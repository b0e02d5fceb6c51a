import { StudioError } from '../errors';

/** A fatal problem of one run (or compile): the caller answers 400 with this message. */
export const sandboxError = (message: string, details?: Record<string, unknown>) =>
  new StudioError('sandbox_error', message, details);

export const SUPPORTED_FUNCTIONS = ['transformEvent', 'transformBatch'] as const;

export const messages = {
  expectedOneOf: (found: string[]) => `Expected one of ${SUPPORTED_FUNCTIONS.join(',')}. Found ${found.join(',')}`,
  moduleNotFound: (specifier: string) => `import from ${specifier} failed. Module not found.`,
  builtInOffline: (specifier: string) =>
    `import from ${specifier} failed. ${specifier} is one of the hosted service's built-in libraries, which are not available offline: add the code as a library of your own and import it by its import name.`,
  timeout: (ms: number) => `Timed out: the transformation ran for more than ${ms} ms (check for an infinite loop)`,
  wallTimeout: (ms: number) => `Timed out: the transformation did not finish within ${ms} ms (waiting on fetch, fetchV2 or geolocation)`,
  memory: (mb: number) => `Memory limit exceeded: the transformation used more than ${mb} MB`,
  disposed: 'The sandbox was stopped before the transformation finished',
  processCrashed: (name: string, how: string) =>
    `the sandbox process crashed while running ${name} (${how}): the run failed and a new sandbox process takes over; the server, the database and ingestion were not affected`,
  neverSettles: 'The transformation returned a promise that never settles (nothing it awaits is pending)',
  outputTooLarge: (limit: number) => `Output too large: the transformed events exceed ${Math.round(limit / 1024 / 1024)} MB`,
};

/** Maps an error thrown by isolated-vm around a run to the sandbox's own wording. */
export function describeIvmError(error: unknown, limits: { timeoutMs: number; memoryLimitMb: number }): StudioError {
  if (error instanceof StudioError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/Script execution timed out/i.test(message)) return sandboxError(messages.timeout(limits.timeoutMs));
  if (/memory limit/i.test(message)) return sandboxError(messages.memory(limits.memoryLimitMb));
  if (/disposed/i.test(message)) return sandboxError(messages.disposed);
  return sandboxError(message);
}

const BOUNDARY = '\n    at (<isolated-vm boundary>)';

/** A compile or evaluation error as the user should see it: no host stack frames. */
export function userFacing(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stack = typeof error.stack === 'string' ? error.stack : '';
  if (!stack.includes(BOUNDARY)) return error.message; // raised by the host (e.g. an unknown import): message only
  const head = error.message.startsWith(`${error.name}:`) ? error.message : `${error.name || 'Error'}: ${error.message}`;
  // Frames before the boundary are the isolate's own (they name the user's module).
  const frames = stack.split(BOUNDARY)[0]!.split('\n').filter((line) => line.startsWith('    at '));
  return frames.length > 0 ? `${head}\n${frames.join('\n')}` : head;
}

/** Any error of compiling or running user code as a StudioError("sandbox_error"). */
export function toSandboxError(error: unknown, limits: { timeoutMs: number; memoryLimitMb: number }): StudioError {
  if (error instanceof StudioError) return error;
  if (error instanceof Error && /Script execution timed out|memory limit|disposed/i.test(error.message)) return describeIvmError(error, limits);
  return sandboxError(userFacing(error));
}
