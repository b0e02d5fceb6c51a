import { readFileSync } from 'node:fs';

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
