import type { ImportBody, ImportReport, ImportRejection } from '../../shared/api/events';
import { StudioError, notFound } from '../errors';
import type { Store } from '../store';
import type { EventRow, RequestRow } from '../store/events-repo';
import { enrich } from './enrich';
import { readImportFile } from './import-parse';
import { parseEventBody } from './parse';

/** A report of a file with rejected parts: 400, nothing stored. */
export class ImportRejected extends StudioError {
  constructor(readonly report: ImportReport) {
    const first = report.rejected.slice(0, 3).map((r) => `${r.at}: ${r.error}`).join('; ');
    super('validation', `${report.rejected.length} of ${report.requests} requests rejected, nothing imported: ${first}${report.rejected.length > 3 ? '; …' : ''}`, { ...report });
  }
}

/**
 * Imports a file of events into a source: each request in it is validated exactly as the
 * event API validates it; all or nothing per file.
 */
export function createImportService(deps: { store: Store; onCaptured: (sourceId: string) => void }) {
  return {
    importFile(body: ImportBody, requestIp: string): ImportReport {
      const source = deps.store.sources.get(body.sourceId);
      if (!source) throw notFound(`no source with id "${body.sourceId}"`);
      const { format, items } = readImportFile(body.content, body.format ?? 'auto');
      const rejected: ImportRejection[] = [];
      const requests: { request: RequestRow; rows: EventRow[] }[] = [];
      const receivedMs = Date.now();
      const facts = { receivedMs, receivedAt: new Date(receivedMs).toISOString(), requestIp };
      for (const item of items) {
        if (item.problem || !item.path) {
          rejected.push({ at: item.at, error: item.problem ?? 'not an event API request' });
          continue;
        }
        const parsed = parseEventBody(item.path, Buffer.from(item.body, 'utf8'));
        if (typeof parsed === 'string') {
          rejected.push({ at: item.at, error: parsed });
          continue;
        }
        if (rejected.length) continue; // nothing is stored anyway: only validate the rest
        const rows = parsed.calls.map(({ type, call, raw }) => enrich(call, type, facts, raw));
        requests.push({ request: { sourceId: source.id, callType: item.path, requestIp, receivedAt: facts.receivedAt, body: parsed.text }, rows });
      }
      if (items.length === 0) rejected.push({ at: 'file', error: 'the file holds no events' });
      const report = { format, requests: items.length, imported: 0, rejected };
      if (rejected.length) throw new ImportRejected(report);
      deps.store.events.captureMany(requests);
      deps.onCaptured(source.id);
      return { ...report, imported: requests.reduce((n, r) => n + r.rows.length, 0) };
    },
  };
}
export type ImportService = ReturnType<typeof createImportService>;
