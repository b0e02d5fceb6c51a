import { readFileSync } from 'node:fs';
import { descendants } from './cpu.mjs';

/** A number (kB, returned in MB) of /proc/<pid>/<file> read with `pattern`; 0 once the process is gone. */
const procMb = (pid, file, pattern) => {
  try {
    return Number(pattern.exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))[1]) / 1024;
  } catch {
    return 0;
  }
};

/** A process's resident memory now (MB). */
export const rssOf = (pid) => procMb(pid, 'status', /VmRSS:\s+(\d+) kB/);
/** A process's peak resident memory (VmHWM, MB). */
export const hwmOf = (pid) => procMb(pid, 'status', /VmHWM:\s+(\d+) kB/);
/**
 * Proportional set size (MB): a process's private pages plus its share of the pages it shares
 * with others (the node binary's code, mapped by the server and every sandbox process, counts
 * once over the tree instead of once per process).
 */
export const pssOf = (pid) => procMb(pid, 'smaps_rollup', /Pss:\s+(\d+) kB/);

/**
 * Samples the resident memory of a process and its whole tree every 100 ms: the peak of the sum
 * of RSS since the last reset (with each process's share at that moment), and the peak of the
 * sum of PSS (read every 500 ms: smaps_rollup costs ~0.7 ms per 250 MB process). `pidNow()`
 * names the root process (it may be restarted).
 */
export function treeMemorySampler(pidNow) {
  let peak = { total: 0, server: 0, children: [] };
  let pssPeak = 0;
  let samples = 0;
  const timer = setInterval(() => {
    const pid = pidNow();
    const children = descendants(pid);
    const server = rssOf(pid);
    const rss = children.map(rssOf);
    const total = server + rss.reduce((a, b) => a + b, 0);
    if (total > peak.total) peak = { total, server, children: rss };
    if (++samples % 5 === 0) pssPeak = Math.max(pssPeak, [pid, ...children].reduce((sum, p) => sum + pssOf(p), 0));
  }, 100);
  return {
    reset() {
      peak = { total: 0, server: 0, children: [] };
      pssPeak = 0;
    },
    stop: () => clearInterval(timer),
    pssPeak: () => pssPeak,
    /** The peaks as one line of text. */
    describe() {
      const parts = peak.children.map((mb) => mb.toFixed(0)).join(' + ');
      return `${peak.total.toFixed(0)} MB (server ${peak.server.toFixed(0)} + sandbox processes ${(peak.total - peak.server).toFixed(0)} [${parts}] at that moment; server's own peak ${hwmOf(pidNow()).toFixed(0)} MB); peak PSS of the tree ${pssPeak.toFixed(0)} MB`;
    },
  };
}
