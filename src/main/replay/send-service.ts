import type { CreateSend, SendJob, SendResultsPage, SendResultsQuery, SendStatus } from '../../shared/api/replay';
import { badRequest, conflict, notFound } from '../errors';
import type { Store } from '../store';
import { newId } from '../store/ids';
import type { SendRow } from '../store/send-repo';
import { DESTINATION_URL, type SendJobs } from './send-jobs';
import { resolveSource } from './sources';

function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest(`target.url is not a valid URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest(`target.url must use http or https, not ${url.protocol}`);
  return url.toString();
}

/** Re-sends captured or imported events to this instance's event API or a remote data plane. */
export function createSendService(deps: { store: Store; jobs: SendJobs; baseUrl: () => string }) {
  const { store, jobs } = deps;
  const repo = store.sends;
  const mustGet = (id: string): SendRow => {
    const row = repo.get(id);
    if (!row) throw notFound(`send "${id}" not found`);
    return row;
  };
  const destinationTarget = (id: string) => ({ kind: 'destination' as const, url: '', destinationId: id, name: store.destinations.get(id)?.name ?? `${id} (deleted)` });
  const present = (row: SendRow): SendJob => ({
    id: row.id,
    status: row.status as SendStatus,
    source: row.source,
    target: row.url.startsWith(DESTINATION_URL) ? destinationTarget(row.url.slice(DESTINATION_URL.length)) : { kind: row.target_kind, url: row.url },
    ratePerSecond: row.rate_per_second,
    total: row.total,
    counts: repo.counts(row.id),
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  });

  return {
    markInterrupted: () => repo.interruptAll(new Date().toISOString()),
    create(body: CreateSend): SendJob {
      let url: string;
      let writeKey: string;
      const kind = body.target.kind ?? (body.target.destinationId !== undefined ? 'destination' : body.target.url !== undefined ? 'remote' : 'local');
      if (kind === 'destination') {
        const destination = body.target.destinationId ? store.destinations.get(body.target.destinationId) : undefined;
        if (!destination) throw body.target.destinationId ? notFound(`target.destinationId: destination "${body.target.destinationId}" not found`) : badRequest('target.destinationId is required when target.kind is "destination"');
        // Stored as a local send (the table's kinds) whose url names the destination.
        url = `${DESTINATION_URL}${destination.id}`;
        writeKey = '';
      } else if (kind === 'remote') {
        if (!body.target.url || !body.target.writeKey) throw badRequest('target.url and target.writeKey are required when target.kind is "remote"');
        url = checkUrl(body.target.url);
        writeKey = body.target.writeKey;
      } else {
        const sourceId = body.target.sourceId;
        const source = sourceId ? store.sources.get(sourceId) : store.sources.list().find((s) => s.enabled);
        if (!source) throw sourceId ? notFound(`target.sourceId: source "${sourceId}" not found`) : badRequest('target: no enabled source to send as; create one first');
        url = deps.baseUrl();
        writeKey = source.writeKey;
      }
      const inputs = resolveSource(store, body.source);
      const id = newId();
      repo.create(
        { id, source: inputs.description, target_kind: kind === 'destination' ? 'local' : kind, url, write_key: writeKey, rate_per_second: body.ratePerSecond ?? 500, created_at: new Date().toISOString() },
        inputs.events,
      );
      jobs.start(id);
      return present(mustGet(id));
    },
    list: (limit = 100) => repo.list(limit).map(present),
    get: (id: string) => present(mustGet(id)),
    results(id: string, query: SendResultsQuery): SendResultsPage {
      mustGet(id);
      const offset = query.offset ?? 0;
      const { rows, total } = repo.results(id, query.status, offset, query.limit ?? 50);
      return {
        results: rows.map((r) => ({
          position: r.position,
          eventId: r.event_seq === null ? null : String(r.event_seq),
          status: r.status as SendResultsPage['results'][number]['status'],
          error: r.error,
          attempts: r.attempts,
        })),
        total,
        offset,
      };
    },
    /** Sends the events not yet accepted (pending or failed) again; accepted ones are never re-sent. */
    retry(id: string): SendJob {
      const row = mustGet(id);
      if (jobs.isRunning(id)) throw conflict(`send "${id}" is still running`);
      if (row.status === 'queued' || row.status === 'running') throw conflict(`send "${id}" is ${row.status}`);
      repo.setStatus(id, 'queued', { finishedAt: null });
      jobs.start(id);
      return present(mustGet(id));
    },
    cancel(id: string): SendJob {
      const row = mustGet(id);
      if (!jobs.cancel(id)) throw conflict(`send "${id}" is ${row.status}; only running sends can be cancelled`);
      return present(mustGet(id));
    },
    remove(id: string): void {
      mustGet(id);
      if (jobs.isRunning(id)) throw conflict(`send "${id}" is still running; cancel it first`);
      repo.remove(id);
    },
  };
}
export type SendService = ReturnType<typeof createSendService>;
