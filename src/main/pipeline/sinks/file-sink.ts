import { open, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { withRetries } from '../retry';
import type { Sink } from './sink';

/** Makes sure the file ends with a newline (a crash may have cut the last line short). */
async function repairTail(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (!info || info.size === 0) return;
  const handle = await open(path, 'r+');
  try {
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, info.size - 1);
    if (last[0] !== 0x0a) await handle.write('\n', info.size);
  } finally {
    await handle.close();
  }
}

/** `file`: appends each output event as one line of NDJSON (one write per batch). */
export function fileSink(path: string): Sink {
  let ready = false;
  return {
    async deliver(events, signal) {
      if (events.length === 0) return [];
      const outcome = await withRetries({ maxAttempts: 3, backoffMs: 200 }, signal, async () => {
        try {
          if (!ready) {
            await mkdir(dirname(path), { recursive: true });
            await repairTail(path);
            ready = true;
          }
          const handle = await open(path, 'a');
          try {
            await handle.appendFile(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
          } finally {
            await handle.close();
          }
          return { ok: true };
        } catch (error) {
          return { ok: false, retry: true, error: `cannot append to ${path}: ${(error as Error).message}` };
        }
      });
      return events.map(() => outcome);
    },
  };
}
