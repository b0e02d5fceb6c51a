import { readFileSync } from 'node:fs';

// The memory forms of the limits probe (issue #39) that V8's heap limit of an isolate does not
// stop, and the peak resident memory of the processes that ran them, read from /proc by the test
// itself (not by the product's watch).

/** Each form as the body of a transformEvent(e); on bd9d9b1 each answered or grew far past 500 MB first. */
export const MEMORY_FORMS: { name: string; body: string }[] = [
  // An 800 MB array made and filled in one builtin call (the probe: 200, the process at 953 MB).
  { name: "'x'.repeat(1e8).split('')", body: "const parts = 'x'.repeat(1e8).split(''); return { n: parts.length };" },
  // ICU's copies of the text, outside V8's heap (the probe: 200 at 506 MB).
  {
    name: '8 × Intl.v8BreakIterator().adoptText(30 MB)',
    body: "const text = 'word '.repeat(6e6); const kept = []; for (let i = 0; i < 8; i++) { const it = new Intl.v8BreakIterator('en'); it.adoptText(text); kept.push(it); } return { n: kept.length };",
  },
  // ICU formatters (the probe: 1.8 GB in a test run, 2.7 GB in the pipeline, before the 4 s kill).
  { name: '300k Intl.DateTimeFormat', body: "const kept = []; for (let i = 0; i < 300000; i++) kept.push(new Intl.DateTimeFormat('en', { timeZone: 'UTC' })); return { n: kept.length };" },
  // A builtin that never yields while it grows (the probe: 1.7 GB before the stall kill).
  { name: 'a stalled fill on a 2^53-length object', body: 'Array.prototype.fill.call({ length: 2 ** 53 }, 0); return {};' },
];

/**
 * The WebAssembly.Memory valueOf trick (the size read twice: 1 when counted, 16384 pages when
 * made): fixed in the isolate by reading each size once (isolate/runtime/bounded-buffers.js), so it gets
 * the one page it was counted for and answers its size in MB (0.0625).
 */
export const WASM_VALUEOF = 'let n = 0; const m = new WebAssembly.Memory({ initial: { valueOf() { return n++ ? 16384 : 1; } } }); new Uint8Array(m.buffer).fill(1); return { mb: m.buffer.byteLength / 1048576 };';

/**
 * The time limit the tests run the forms under: the stalled fill grows in steps (about 340 MB by
 * 5.5 s, 480 MB by 8 s, 1 GB by 20 s on this machine), so under the default 4 s it ends with the
 * time limit before it passes the budget; under 15 s only the memory budget stops it first.
 */
export const TIME_LIMIT_MS = 15_000;

/** Peak resident memory (MB, /proc VmHWM) of a process so far; undefined once it is gone. */
export function peakOf(pid: number): number | undefined {
  try {
    const found = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return found ? Number(found[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `work` while reading every 5 ms the peak resident memory of each process `pids()` names
 * (a high-water mark: the last read before a process ends holds its peak up to then). Answers
 * the work's result and the highest peak seen (MB).
 */
export async function peakDuring<T>(pids: () => number[], work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = 0;
  const seen = new Set<number>();
  const read = () => {
    for (const pid of pids()) seen.add(pid);
    for (const pid of seen) peakMb = Math.max(peakMb, peakOf(pid) ?? 0);
  };
  read();
  const timer = setInterval(read, 5);
  try {
    const result = await work();
    read();
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}
