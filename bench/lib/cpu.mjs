import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) of this process's children that have ended and been waited for, and theirs (their whole trees): /proc's cutime + cstime. */
export function endedChildrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** CPU time (user + system, ms, all threads) a process has used so far, from /proc (10 ms ticks): a figure a busy machine disturbs less than wall time. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU ms of each thread of a process (/proc ticks of 10 ms), the thread that runs its event loop marked `main`. */
export function threadsOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { key: `${pid}/${tid}`, main: tid === String(pid), ms: (Number(fields[11]) + Number(fields[12])) * 10 };
    });
  } catch {
    return [];
  }
}

/** The pids of a process's children. */
export function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** Every process a process started, and theirs. */
export const descendants = (pid) => childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);

/** Every thread's CPU so far of these processes, by role: `{ clients: process.pid, core: host.pid }`; every process the core started (and theirs) counts as `sandbox`. */
export function cpuSnapshot(roles, childRole = 'sandbox', childrenOfRole = 'core') {
  const out = new Map();
  for (const [role, pid] of Object.entries(roles)) {
    for (const t of threadsOf(pid)) out.set(t.key, { ...t, role });
    if (role === childrenOfRole) for (const child of descendants(pid)) for (const t of threadsOf(child)) out.set(t.key, { ...t, role: childRole });
  }
  return out;
}

/**
 * Waits until the processes of `snapshot()` are quiet (under 3% of a core over 300 ms, at most
 * 15 s): what a step left behind (a deleted run, WAL checkpoints, a recycled process) does not
 * run during the next measurement.
 */
export async function waitQuiet(snapshot) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const before = snapshot();
    await new Promise((r) => setTimeout(r, 300));
    let ms = 0;
    for (const [key, t] of snapshot()) ms += t.ms - (before.get(key)?.ms ?? 0);
    if (ms <= 0.03 * 300) return;
  }
}

/** CPU ms per operation between two snapshots, by role and thread ('core main', 'core other', …), as strings with two decimals. */
export function cpuPer(before, after, operations) {
  const sum = {};
  for (const [key, t] of after) {
    const role = `${t.role} ${t.main ? 'main' : 'other'}`;
    sum[role] = (sum[role] ?? 0) + t.ms - (before.get(key)?.ms ?? 0);
  }
  return Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, (v / operations).toFixed(2)]));
}
