// How a run enters its isolate and answers: one field of the run request, with only the
// combinations that exist (a grouped run is never in parts nor on the process's thread; only a
// run on the process's thread comes in pieces). The core picks it (core/sandbox.ts and the
// pool's placement); the sandbox process reads it once (runOptionsOf).

export type RunMode =
  /**
   * On the isolate's thread, answered per input event (GroupedAnswer, `events` of them): the
   * isolate puts each output with the input index it knows. Replay's batches run this way.
   * `lanes`: runs of the key at once in the process, each on its own isolate (1 when absent).
   */
  | { kind: 'grouped'; events: number; lanes?: number }
  /**
   * On the isolate's thread. `parts`: the isolate hands out all but the last piece of its entries
   * as it serialises them, each sent on at once as a `part` reply, so the core reads them while
   * the rest is still being written; the answer (`{"p": parts, …}`) comes last.
   */
  | { kind: 'isolate-thread'; parts: boolean }
  /**
   * On the process's own thread (isolate/run.ts, sync): the core sends this only to a process
   * with nothing else in flight, and sends it nothing else until this is answered (or the run
   * waits on host requests: `entered`). `staged`: pieces of the batch sent before this request as
   * `stage` messages under its id; its payload holds the last events and `"s"`, the id.
   */
  | { kind: 'process-thread'; parts: boolean; staged: number };

/** What the process does with a run's mode (checked here, once). */
export interface RunOptions {
  /** Answer per input event, over this many events. */
  groupedEvents?: number;
  parts: boolean;
  sync: boolean;
  staged: number;
}

export function runOptionsOf(mode: RunMode): RunOptions {
  switch (mode.kind) {
    case 'grouped':
      return { groupedEvents: mode.events, parts: false, sync: false, staged: 0 };
    case 'isolate-thread':
      return { parts: mode.parts, sync: false, staged: 0 };
    case 'process-thread':
      return { parts: mode.parts, sync: true, staged: mode.staged };
  }
}

/** Runs that occupy the process's thread: the core sends the process nothing else meanwhile. */
export const blocksProcess = (mode: RunMode): boolean => mode.kind === 'process-thread';
