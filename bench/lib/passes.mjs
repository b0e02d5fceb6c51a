import { threadsOf } from './cpu.mjs';

// Part 1 of bench/sandbox.mjs: passes over every batch on a floor isolate and on the sandbox.

const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/**
 * The passes of the sandbox bench over `batches`: `floorInstance(code)` makes a floor isolate
 * ({ isolate, call }), `createSandbox` is the sandbox's own factory (the built bundle).
 */
export function benchPasses({ batches, library, createSandbox, floorInstance }) {
  const ownCpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };

  /** One pass over every batch on a warm floor isolate: seconds, outputs, CPU ms of this process (all threads: the floor's isolate runs in it). */
  async function floorPass(call) {
    const cpu = ownCpuMs();
    const start = process.hrtime.bigint();
    let outputs = 0;
    for (const batch of batches) outputs += (await call(batch)).length;
    return { s: seconds(start), outputs, cpu: ownCpuMs() - cpu };
  }

  async function floorCold(code) {
    const start = process.hrtime.bigint();
    for (const batch of batches) {
      const { isolate, call } = await floorInstance(code);
      await call(batch);
      isolate.dispose();
    }
    return seconds(start);
  }

  // ---- the sandbox ----
  const sandboxInput = (code, batch) => ({ code, events: batch, libraries: [library], cacheKey: 'bench' });

  /** CPU ms so far of a process's main thread and of its other threads (/proc). */
  const threadCpuMs = (pid) => {
    const threads = threadsOf(pid);
    const sum = (main) => threads.filter((t) => t.main === main).reduce((a, t) => a + t.ms, 0);
    return { main: sum(true), other: sum(false) };
  };

  /**
   * One pass over every batch on a sandbox whose isolate for `code` is warm: seconds, outputs, and CPU
   * ms of this process (the core's side) and of the sandbox process by thread (/proc, 10 ms ticks).
   */
  async function sandboxPass(sandbox, code) {
    const pid = sandbox.processes()[0]?.pid;
    const threads = pid ? threadCpuMs(pid) : undefined;
    const cpu = ownCpuMs();
    const start = process.hrtime.bigint();
    let outputs = 0;
    for (const batch of batches) outputs += (await sandbox.transform(sandboxInput(code, batch))).results.length;
    const s = seconds(start);
    const core = ownCpuMs() - cpu;
    const after = pid ? threadCpuMs(pid) : undefined;
    const main = threads && after ? after.main - threads.main : NaN;
    const other = threads && after ? after.other - threads.other : NaN;
    return { s, outputs, cpu: { core, main, other } };
  }

  async function sandboxCold(code) {
    const sandbox = createSandbox({ poolSize: 0 }); // every batch gets a new isolate
    const start = process.hrtime.bigint();
    for (const batch of batches) await sandbox.transform({ code, events: batch, libraries: [library] });
    const s = seconds(start);
    sandbox.close();
    return s;
  }
  return { floorPass, floorCold, sandboxPass, sandboxCold };
}
