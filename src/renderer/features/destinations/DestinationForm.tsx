import { useEffect, useId, useState } from 'react';
import { api } from '../../api/client';
import { pipelineApi, type DestinationKind, type DestinationView, type Source } from '../../api/pipeline';
import type { Transformation } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { AlertText } from '../../components/AlertText';
import { hrefFor } from '../../hooks/routes';
import { RetryFields, retryConfig, useRetryValues } from './RetryFields';

// Short option labels (a select shows its choice in one line); what the choice means is said below it.
const KINDS: { value: DestinationKind; label: string; help: string }[] = [
  { value: 'webhook', label: 'Webhook', help: 'An HTTP POST of each event to a URL.' },
  { value: 'file', label: 'File', help: 'Appends each event as a line of an NDJSON file in the data directory.' },
  { value: 'data-plane', label: 'Data plane', help: 'Forwards the events to a RudderStack data plane (its /v1/batch).' },
  { value: 'capture', label: 'Capture only', help: 'Keeps the results in the studio; nothing is sent anywhere.' },
];

/** Create or edit a destination: kind-specific config, sources, connected transformation. */
export function DestinationForm({ destination, sources, onClose, onSaved }: { destination?: DestinationView; sources: Source[]; onClose: () => void; onSaved: (d: DestinationView) => void }) {
  const config = (destination?.config ?? {}) as Record<string, unknown>;
  const [name, setName] = useState(destination?.name ?? '');
  const [kind, setKind] = useState<DestinationKind>(destination?.kind ?? 'webhook');
  const [url, setUrl] = useState(String(config.url ?? ''));
  const [method, setMethod] = useState(String(config.method ?? 'POST'));
  const [headers, setHeaders] = useState(config.headers ? JSON.stringify(config.headers) : '');
  const [maxAttempts, setMaxAttempts] = useState(config.maxAttempts === undefined ? '' : String(config.maxAttempts));
  const [path, setPath] = useState(String(config.path ?? ''));
  const [retry, setRetry] = useRetryValues(config);
  // Secrets are write-only: the API shows them masked; an empty write key (or a header left masked) keeps the stored one.
  const storedWriteKey = typeof config.writeKey === 'string' ? config.writeKey : undefined;
  const [writeKey, setWriteKey] = useState('');
  // Untouched, a new destination takes every source: the list may still be loading when the form opens
  // (its state is not frozen at the empty list it had then), and the core applies the default itself.
  const [picked, setSourceIds] = useState<string[]>();
  const sourceIds = picked ?? destination?.sourceIds ?? sources.map((s) => s.id);
  const [transformationId, setTransformationId] = useState(destination?.transformationId ?? '');
  const [transformations, setTransformations] = useState<Transformation[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => void api.transformations.list().then((a) => setTransformations(a.transformations), () => undefined), []);

  const buildConfig = (): Record<string, unknown> => {
    const attempts = { ...(maxAttempts ? { maxAttempts: Number(maxAttempts) } : {}), ...retryConfig(retry) };
    if (kind === 'webhook') {
      let parsedHeaders: unknown;
      if (headers.trim()) {
        try {
          parsedHeaders = JSON.parse(headers);
        } catch {
          throw new Error('Headers must be a JSON object, e.g. {"X-Token": "abc"}');
        }
      }
      return { url, method, ...(parsedHeaders ? { headers: parsedHeaders } : {}), ...attempts };
    }
    if (kind === 'file') return { path };
    if (kind === 'data-plane') return { url, ...(writeKey || !storedWriteKey ? { writeKey } : {}), ...attempts };
    return {};
  };
  const save = async () => {
    setError(undefined);
    setBusy(true);
    try {
      const body = { name, config: buildConfig(), sourceIds: picked ?? destination?.sourceIds, transformationId: transformationId || null };
      const saved = destination ? await pipelineApi.updateDestination(destination.id, body) : await pipelineApi.createDestination({ ...body, kind });
      onSaved(saved);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const published = transformations.filter((t) => t.publishedVersionId || t.id === transformationId);
  const ids = useId();
  const kindHelp = KINDS.find((k) => k.value === kind)?.help;
  const transformationHelp = transformationId
    ? 'Events pass through its published version; publishing a new version changes what this destination receives.'
    : 'Events pass through unchanged.';
  return (
    <Dialog title={destination ? `Edit “${destination.name}”` : 'New destination'} onClose={onClose} wide testId="destination-form" actions={
      <>
        <button type="button" className="secondary" onClick={onClose}>Cancel</button>
        <button type="button" onClick={() => void save()} disabled={busy || !name.trim()}>{destination ? 'Save destination' : 'Create destination'}</button>
      </>
    }>
      <div className="form-grid">
        <label>Name<input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} /></label>
        <div className="form-field">
          <label>Kind
            <select value={kind} onChange={(e) => setKind(e.target.value as DestinationKind)} disabled={!!destination} aria-describedby={`${ids}-kind`}>
              {KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
            </select>
          </label>
          <span id={`${ids}-kind`} className="field-help" data-testid="kind-help">{kindHelp}</span>
        </div>
        {(kind === 'webhook' || kind === 'data-plane') && <label>URL<input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hook" /></label>}
        {kind === 'webhook' && (
          <label>Method
            <select value={method} onChange={(e) => setMethod(e.target.value)}>{['POST', 'PUT', 'PATCH'].map((m) => <option key={m}>{m}</option>)}</select>
          </label>
        )}
        {kind === 'webhook' && (
          <label title="Header values are stored encrypted and shown masked; a value left masked keeps the stored one">Headers (JSON)
            <input value={headers} onChange={(e) => setHeaders(e.target.value)} placeholder='{"X-Token": "abc"}' data-testid="destination-headers" />
          </label>
        )}
        {kind === 'data-plane' && (
          <label title="Stored encrypted and never shown again; leave empty to keep the stored key">Write key
            <input type="password" autoComplete="off" value={writeKey} onChange={(e) => setWriteKey(e.target.value)} data-testid="destination-write-key"
              placeholder={storedWriteKey ? `${storedWriteKey} (empty keeps it)` : 'the remote source\'s write key'} />
          </label>
        )}
        {(kind === 'webhook' || kind === 'data-plane') && <label title="Attempts in total per event, the first one included">Max attempts<input type="number" min={1} max={20} value={maxAttempts} onChange={(e) => setMaxAttempts(e.target.value)} placeholder="default 5, in total" /></label>}
        {(kind === 'webhook' || kind === 'data-plane') && <RetryFields values={retry} onChange={setRetry} />}
        {kind === 'file' && <label>File path<input value={path} onChange={(e) => setPath(e.target.value)} placeholder="exports/events.ndjson (relative to the data directory)" /></label>}
        <div className="form-field form-span">
          <label>Transformation
            <select value={transformationId} onChange={(e) => setTransformationId(e.target.value)} aria-describedby={`${ids}-transformation`}>
              <option value="">None</option>
              {published.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </select>
          </label>
          <span id={`${ids}-transformation`} className="field-help" data-testid="transformation-help">{transformationHelp}</span>
          {published.length === 0 && (
            <span className="field-help" data-testid="publish-hint">
              No transformation is published yet: <a href={transformations[0] ? hrefFor('transformation', transformations[0].id) : '#/transformations'} onClick={onClose}>publish a transformation to connect it</a>, or pick this destination in the publish dialog.
            </span>
          )}
        </div>
      </div>
      <fieldset className="source-picks">
        <legend>Sources</legend>
        {sources.length === 0 && <span className="muted">No sources yet.</span>}
        {sources.map((s) => (
          <label key={s.id} className="inline">
            <input type="checkbox" checked={sourceIds.includes(s.id)} onChange={(e) => setSourceIds(e.target.checked ? [...sourceIds, s.id] : sourceIds.filter((x) => x !== s.id))} /> {s.name}
          </label>
        ))}
      </fieldset>
      <AlertText error={error} />
    </Dialog>
  );
}
