import type { OrphansPage, OrphansQuery } from '../../shared/api/replay-orphans';
import type { CreateReplayRun, ReplayResult, ReplayRun, ReplaySummary, ResultsPage, ResultsQuery, RunStatus, SaveAsTestsBody } from '../../shared/api/replay';
import type { SavedTestEvents } from '../../shared/api/test-events';
import { conflict, notFound, badRequest } from '../errors';
import type { TestEventsService } from '../management/test-events-service';
import type { Store } from '../store';
import { newId } from '../store/ids';
import type { ReplayResultRow, ReplayRunRow, ResultFilter } from '../store/replay-repo';
import { emptySummary, NO_OUTPUTS, orphansDiffer, presentSummary } from './outcome';
import type { ReplayJobs } from './replay-jobs';
import { resolveSource } from './sources';
import { resolveTarget, targetView, type CodeSpec } from './targets';

const parseList = (text: string | null): Record<string, unknown>[] => (text ? (JSON.parse(text) as Record<string, unknown>[]) : []);

function presentResult(row: ReplayResultRow): ReplayResult {
  return {
    position: row.position,
    eventId: row.event_seq === null ? null : String(row.event_seq),
    messageId: row.message_id,
    input: row.input ? (JSON.parse(row.input) as Record<string, unknown>) : {},
    a: { outputs: parseList(row.outputs_a), error: row.error_a, logs: row.logs_a ? (JSON.parse(row.logs_a) as string[]) : [] },
    b: row.outputs_b === null ? null : { outputs: parseList(row.outputs_b), error: row.error_b, logs: row.logs_b ? (JSON.parse(row.logs_b) as string[]) : [] },
    change: row.change as ReplayResult['change'],
    durationMs: row.duration_ms,
  };
}

/** Replay runs and compares: create (queued as a background job), read, page results, cancel, resume, delete. */
export function createReplayService(deps: { store: Store; jobs: ReplayJobs; testEvents: TestEventsService }) {
  const { store, jobs } = deps;
  const repo = store.replay;

  const mustGet = (id: string): ReplayRunRow => {
    const row = repo.get(id);
    if (!row) throw notFound(`replay run "${id}" not found`);
    return row;
  };

  function present(row: ReplayRunRow): ReplayRun {
    const live = jobs.live(row.id);
    let rate: number | null = null;
    let eta: number | null = null;
    if (live && row.status === 'running') {
      const seconds = (performance.now() - live.startedMs) / 1000;
      const done = live.done - live.doneAtStart;
      if (seconds > 0 && done > 0) {
        rate = Math.round(done / seconds);
        eta = Math.round(((row.total - row.done) / (done / seconds)) * 10) / 10;
      }
    }
    const a = JSON.parse(row.target_a) as CodeSpec;
    const b = row.target_b ? (JSON.parse(row.target_b) as CodeSpec) : null;
    return {
      id: row.id,
      kind: row.kind,
      name: row.name,
      status: row.status as RunStatus,
      source: row.source,
      a: targetView(a),
      b: b ? targetView(b) : null,
      total: row.total,
      done: row.done,
      rate,
      etaSeconds: eta,
      error: row.error,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      summary: presentSummary(JSON.parse(row.summary) as ReplaySummary),
    };
  }

  return {
    /** At startup: runs left queued or running by the previous process become 'interrupted'. */
    markInterrupted: () => repo.interruptAll(new Date().toISOString()),
    create(body: CreateReplayRun): ReplayRun {
      const a = resolveTarget(store, body.target, 'target');
      const b = body.compareWith ? resolveTarget(store, body.compareWith, 'compareWith') : null;
      const inputs = resolveSource(store, body.source);
      const id = newId();
      repo.create(
        {
          id,
          kind: b ? 'compare' : 'replay',
          name: body.name?.trim() || (b ? `${a.label} vs ${b.label}` : a.label),
          source: inputs.description,
          target_a: JSON.stringify(a),
          target_b: b ? JSON.stringify(b) : null,
          summary: JSON.stringify(emptySummary(b !== null)),
          created_at: new Date().toISOString(),
        },
        inputs.events,
      );
      jobs.enqueue(id);
      return present(mustGet(id));
    },
    list: (limit = 100): ReplayRun[] => repo.list(limit).map(present),
    get: (id: string): ReplayRun => present(mustGet(id)),
    results(id: string, query: ResultsQuery): ResultsPage {
      mustGet(id);
      const filter: ResultFilter = {
        changes: query.change ? [query.change] : query.only === 'changed' ? ['changed', 'dropped', 'newlyKept', 'split', 'newlyFailing', 'fixed'] : undefined,
        errors: query.only === 'errors',
        dropped: query.only === 'dropped',
        path: query.path,
        error: query.error,
      };
      const offset = query.offset ?? 0;
      const { rows, total } = repo.results(id, filter, offset, query.limit ?? 50);
      return { results: rows.map(presentResult), total, offset };
    },
    /** The batches whose outputs name no input event (transformBatch's new events), per side. */
    orphans(id: string, query: OrphansQuery): OrphansPage {
      const row = mustGet(id);
      const offset = query.offset ?? 0;
      const parse = (json: string | null) => (json === null ? [] : (JSON.parse(json) as Record<string, unknown>[]));
      const compare = row.target_b !== null;
      const batches = repo.orphans(id, offset, query.limit ?? 20).map((b) => ({
        position: b.first_position,
        a: parse(b.orphans_a),
        b: compare ? parse(b.orphans_b) : null,
        changed: compare ? orphansDiffer(b.orphans_a ?? NO_OUTPUTS, b.orphans_b ?? NO_OUTPUTS) : null,
      }));
      return { batches, offset };
    },
    cancel(id: string): ReplayRun {
      const row = mustGet(id);
      if (!jobs.cancel(id)) throw conflict(`replay run "${id}" is ${row.status}; only queued or running runs can be cancelled`);
      return present(mustGet(id));
    },
    resume(id: string): ReplayRun {
      const row = mustGet(id);
      if (row.status !== 'interrupted' && row.status !== 'cancelled') {
        throw conflict(`replay run "${id}" is ${row.status}; only interrupted or cancelled runs can be resumed`);
      }
      repo.setStatus(id, 'queued', { finishedAt: null });
      jobs.enqueue(id);
      return present(mustGet(id));
    },
    remove(id: string): void {
      mustGet(id);
      if (jobs.isActive(id)) throw conflict(`replay run "${id}" is still queued or running; cancel it first`);
      repo.remove(id);
    },
    /** Saves a run's events (the failures by default) as saved test events, optionally with outputs as expected. */
    saveAsTests(id: string, body: SaveAsTestsBody): SavedTestEvents {
      const row = mustGet(id);
      const side = body.side ?? (row.kind === 'compare' ? 'b' : 'a');
      if (side === 'b' && row.kind !== 'compare') throw badRequest('side: "b" exists only for compare runs');
      const rows = body.positions
        ? repo.resultsAt(id, body.positions)
        : repo.results(id, { errors: true }, 0, 1000).rows.filter((r) => (side === 'a' ? r.error_a : r.error_b) !== null);
      if (rows.length === 0) throw badRequest(body.positions ? 'positions: none of them has a result in this run' : 'this run has no failed events to save');
      const events = rows
        .filter((r) => r.input)
        .map((r) => {
          const outputs = side === 'a' ? r.outputs_a : r.outputs_b;
          const failed = (side === 'a' ? r.error_a : r.error_b) !== null;
          return {
            name: `replay ${row.name} #${r.position + 1}`.slice(0, 200),
            event: JSON.parse(r.input!) as Record<string, unknown>,
            ...(body.withExpected && !failed ? { expected: parseList(outputs) } : {}),
          };
        });
      return deps.testEvents.append(body.transformationId, events);
    },
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
