import { createJobLoop, type JobLoop, type StepResult } from '../jobs/loop';
import { dataPlaneSink } from '../pipeline/sinks/data-plane-sink';
import type { SendSink } from '../pipeline/sinks/sink';
import type { SendOutcomeWrite, SendRepo, SendRow } from '../store/send-repo';

const now = () => new Date().toISOString();

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
  const running = new Map<string, JobLoop>();
  const cancelled = new Set<string>();

  /** A send as a job loop: one chunk per step, then a sleep that keeps the job's rate. */
  function sendLoop(row: SendRow): JobLoop {
    const sink: SendSink =
      destinationSink && row.url.startsWith(DESTINATION_URL)
        ? destinationSink(row.url.slice(DESTINATION_URL.length), row.id)
        : dataPlaneSink({ url: row.url, writeKey: row.write_key, ...SEND_RETRY });
    const chunkSize = Math.max(1, Math.min(100, row.rate_per_second));
    let after = -1;
    const end = (status: 'done' | 'cancelled' | 'interrupted'): StepResult => {
      repo.setStatus(row.id, status, { finishedAt: now() });
      return 'done';
    };
    const step = async (signal: AbortSignal): Promise<StepResult> => {
      if (signal.aborted) return 'done'; // stopping: left 'running', the next start marks it interrupted
      if (cancelled.has(row.id)) return end('cancelled');
      const rows = repo.unsent(row.id, after, chunkSize);
      if (rows.length === 0) return end('done');
      after = rows[rows.length - 1]!.position;
      const started = performance.now();
      const present = rows.filter((r) => r.event !== null);
      let outcomes;
      try {
        outcomes = await sink.deliver(present.map((r) => JSON.parse(r.event!) as Record<string, unknown>), signal, present.map((r) => r.event_seq));
      } catch (error) {
        if (signal.aborted) return 'done';
        onError(`send ${row.id} stopped: ${error instanceof Error ? error.message : String(error)}`);
        return end('interrupted');
      }
      const writes: SendOutcomeWrite[] = rows
        .filter((r) => r.event === null)
        .map((r) => ({ position: r.position, status: 'rejected', error: 'the captured event was deleted before it was sent', attempts: 0 }));
      present.forEach((r, i) => {
        const o = outcomes[i]!;
        const status = o.ok ? 'accepted' : o.retry ? 'failed' : 'rejected';
        writes.push({ position: r.position, status, error: o.ok ? null : (o.error ?? 'failed'), attempts: o.attempts });
      });
      repo.record(row.id, writes);
      // The rate: a chunk of n events takes n / rate seconds at least (a cancel wakes the sleep).
      const rest = (rows.length / row.rate_per_second) * 1000 - (performance.now() - started);
      return rest > 0 ? { sleepMs: rest } : 'more';
    };
    return createJobLoop({
      step,
      // A step that throws (the store) ends the send as interrupted.
      onError: (error) => {
        onError(`send ${row.id} stopped: ${error instanceof Error ? error.message : String(error)}`);
        cancelled.add(row.id);
        end('interrupted');
        void running.get(row.id)?.stop();
      },
    });
  }

  return {
    start(id: string): void {
      const row = repo.get(id);
      if (!row) return;
      const loop = sendLoop(row);
      running.set(id, loop);
      repo.setStatus(id, 'running', { startedAt: now() });
      loop.start();
      void loop.whenIdle().then(() => {
        running.delete(id);
        cancelled.delete(id);
      });
    },
    cancel(id: string): boolean {
      const loop = running.get(id);
      if (!loop) return false;
      cancelled.add(id);
      loop.wake();
      return true;
    },
    isRunning: (id: string) => running.has(id),
    async stop(): Promise<void> {
      await Promise.all([...running.values()].map((loop) => loop.stop()));
    },
  };
}
export type SendJobs = ReturnType<typeof createSendJobs>;
