import type { Store } from '../store';
import type { Source } from '../store/sources-repo';
import { enrich, type RequestFacts } from './enrich';
import { parseEventBody, type EventPath } from './parse';

export interface IngestResult {
  ok: boolean;
  /** Events stored (ok) or the 400 text (not ok). */
  count?: number;
  error?: string;
}

export interface CollectService {
  /**
   * Validates, enriches and stores one request of the event API in one transaction; a
   * rejected request stores nothing. Throws only when the store fails.
   */
  ingest(source: Source, path: EventPath, body: Buffer, requestIp: string): IngestResult;
}

export function createCollectService(deps: { store: Store; onCaptured: (sourceId: string) => void }): CollectService {
  return {
    ingest(source, path, body, requestIp) {
      const parsed = parseEventBody(path, body);
      if (typeof parsed === 'string') return { ok: false, error: parsed };
      const receivedMs = Date.now();
      const facts: RequestFacts = { receivedMs, receivedAt: new Date(receivedMs).toISOString(), requestIp };
      const rows = parsed.calls.map(({ type, call }) => enrich(call, type, facts));
      deps.store.events.capture({ sourceId: source.id, callType: path, requestIp, receivedAt: facts.receivedAt, body: parsed.text }, rows);
      deps.onCaptured(source.id);
      return { ok: true, count: rows.length };
    },
  };
}
