import { useState } from 'react';
import type { ImportFormat, ImportReport } from '../../../shared/api/events';
import { ApiError } from '../../api/client';
import { pipelineApi, type Source } from '../../api/pipeline';
import { Dialog } from '../../components/Dialog';
import { VirtualList } from '../../components/VirtualList';
import { AlertText } from '../../components/AlertText';
import './events.css';

const FORMATS: { value: ImportFormat; label: string }[] = [
  { value: 'auto', label: 'Detect' },
  { value: 'json', label: 'JSON array of events' },
  { value: 'ndjson', label: 'NDJSON (one event a line)' },
  { value: 'batch', label: '{"batch": [...]}' },
  { value: 'har', label: 'HAR (its /v1 requests)' },
  { value: 'curl', label: 'curl commands' },
];

/** Imports a file into a source: validated like the event API, all or nothing, with a report. */
export function ImportDialog({ sources, onClose, onImported }: { sources: Source[]; onClose: () => void; onImported: () => void }) {
  // Untouched, the first source: the list may still be loading when the dialog opens (the choice is
  // not frozen at the empty list it had then).
  const [picked, setSourceId] = useState<string>();
  const sourceId = picked ?? sources[0]?.id ?? '';
  const [format, setFormat] = useState<ImportFormat>('auto');
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const [report, setReport] = useState<ImportReport>();
  const [error, setError] = useState<string>();
  const run = async () => {
    if (!file) return;
    setError(undefined);
    setReport(undefined);
    setProgress(0);
    try {
      const content = await file.text();
      const result = await pipelineApi.importEvents({ sourceId, format, fileName: file.name, content }, setProgress);
      setReport(result);
      onImported();
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as unknown as Partial<ImportReport> | undefined) : undefined;
      if (body?.rejected) setReport({ format: body.format ?? format, requests: body.requests ?? 0, imported: 0, rejected: body.rejected });
      else setError((e as Error).message);
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <Dialog title="Import events" onClose={onClose} wide testId="import-dialog" actions={
      <>
        <button type="button" className="secondary" onClick={onClose}>Close</button>
        <button type="button" onClick={() => void run()} disabled={!file || !sourceId || progress !== undefined}>Import</button>
      </>
    }>
      <p className="muted">Each request in the file is checked exactly as the event API checks it. One rejected line and nothing is imported.</p>
      <div className="form-grid">
        <label>Into source
          <select value={sourceId} onChange={(e) => setSourceId(e.target.value)}>{sources.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}</select>
        </label>
        <label>Format
          <select value={format} onChange={(e) => setFormat(e.target.value as ImportFormat)}>{FORMATS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}</select>
        </label>
        <label>File
          <input type="file" aria-label="File to import" accept=".json,.ndjson,.jsonl,.har,.txt,.sh" onChange={(e) => { setFile(e.target.files?.[0]); setReport(undefined); }} />
        </label>
      </div>
      {progress !== undefined && (
        <div className="progress-line">
          <progress max={1} value={progress < 1 ? progress : undefined} aria-label="Import progress" />
          <span>{progress < 1 ? `Uploading ${Math.round(progress * 100)}%` : 'Checking and storing…'}</span>
        </div>
      )}
      <AlertText error={error} />
      {report && report.rejected.length === 0 && (
        <p role="status" className="ok" data-testid="import-report">Imported {report.imported.toLocaleString()} events from {report.requests.toLocaleString()} requests ({report.format}).</p>
      )}
      {report && report.rejected.length > 0 && (
        <div role="alert" data-testid="import-report">
          <p className="error">Nothing imported: {report.rejected.length} of {report.requests} requests rejected ({report.format}).</p>
          <VirtualList className="rejections" label="Rejected" items={report.rejected} itemKey={(r, i) => `${i}:${r.at}`} estimateSize={24}
            renderItem={(r) => <div className="rejection"><strong>{r.at}</strong>: {r.error}</div>} />
        </div>
      )}
    </Dialog>
  );
}
