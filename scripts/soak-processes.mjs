// Processes of the soak's host, read from /proc (Linux; nothing elsewhere): RSS of the tree, the
// children of a process, whether a pid is a sandbox process.
import { existsSync, readFileSync, readdirSync } from 'node:fs';

/** RSS in MB of a process and of each of its descendants (Linux /proc; none elsewhere). */
export function treeRssMb(pid) {
  if (!existsSync('/proc')) return [];
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const mb = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    try {
      mb.push(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0) / 1024);
    } catch {
      // gone meanwhile
    }
    stack.push(...(children.get(p) ?? []));
  }
  return mb;
}

/** Direct children of a process (the core's sandbox processes and their watchers). */
export const descendants = (pid) => {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
};
export const isSandbox = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sandbox-process');
  } catch {
    return false;
  }
};
