import { dataPlaneSink } from '../pipeline/sinks/data-plane-sink';
import type { SendSink } from '../pipeline/sinks/sink';
import type { SendOutcomeWrite, SendRepo, SendRow } from '../store/send-repo';

const now = () => new Date().toISOString();
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries of one request: 429, 5xx and network failures back off 200 ms, 400 ms, 800 ms. */
export const SEND_RETRY = { maxAttempts: 4, backoffMs: 200, timeoutMs: 10_000 };

/** A send to one of this studio's destinations is stored with this url prefix and the destination's id. */
export const DESTINATION_URL = 'studio:destination/';

/**
 * Sends jobs' events to a data plane's /v1/batch, chunk by chunk at the job's rate. Each
 * chunk's outcomes are stored before the next is sent; events once accepted are never sent
 * again by the job (a retry sends only pending and failed ones). 4xx answers are final.
 */
export function createSendJobs(repo: SendRepo, onError: (message: string) => void, destinationSink?: (destinationId: string, sendId: string) => SendSink) {
  const running = new Map<string, AbortController>();
  const cancelled = new Set<string>();
  let stopping = false;

  async function execute(row: SendRow): Promise<void> {
    const abort = new AbortController();
    running.set(row.id, abort);
    const sink: SendSink =
      destinationSink && row.url.startsWith(DESTINATION_URL)
        ? destinationSink(row.url.slice(DESTINATION_URL.length), row.id)
        : dataPlaneSink({ url: row.url, writeKey: row.write_key, ...SEND_RETRY });
    const chunkSize = Math.max(1, Math.min(100, row.rate_per_second));
    repo.setStatus(row.id, 'running', { startedAt: now() });
    let after = -1;
    try {
      for (;;) {
        if (stopping) return;
        if (cancelled.has(row.id)) {
          repo.setStatus(row.id, 'cancelled', { finishedAt: now() });
          return;
        }
        const rows = repo.unsent(row.id, after, chunkSize);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.position;
        const started = performance.now();
        const present = rows.filter((r) => r.event !== null);
        const outcomes = await sink.deliver(present.map((r) => JSON.parse(r.event!) as Record<string, unknown>), abort.signal, present.map((r) => r.event_seq));
        const writes: SendOutcomeWrite[] = rows
          .filter((r) => r.event === null)
          .map((r) => ({ position: r.position, status: 'rejected', error: 'the captured event was deleted before it was sent', attempts: 0 }));
        present.forEach((r, i) => {
          const o = outcomes[i]!;
          const status = o.ok ? 'accepted' : o.retry ? 'failed' : 'rejected';
          writes.push({ position: r.position, status, error: o.ok ? null : (o.error ?? 'failed'), attempts: o.attempts });
        });
        repo.record(row.id, writes);
        const minMs = (rows.length / row.rate_per_second) * 1000;
        const spent = performance.now() - started;
        if (spent < minMs) await wait(minMs - spent);
      }
      repo.setStatus(row.id, 'done', { finishedAt: now() });
    } catch (error) {
      if (stopping) return;
      onError(`send ${row.id} stopped: ${error instanceof Error ? error.message : String(error)}`);
      repo.setStatus(row.id, 'interrupted', { finishedAt: now() });
    } finally {
      running.delete(row.id);
      cancelled.delete(row.id);
    }
  }

  return {
    start(id: string): void {
      const row = repo.get(id);
      if (row) void execute(row);
    },
    cancel(id: string): boolean {
      const abort = running.get(id);
      if (!abort) return false;
      cancelled.add(id);
      return true;
    },
    isRunning: (id: string) => running.has(id),
    async stop(): Promise<void> {
      stopping = true;
      for (const abort of running.values()) abort.abort();
      while (running.size) await wait(10);
    },
  };
}
export type SendJobs = ReturnType<typeof createSendJobs>;
