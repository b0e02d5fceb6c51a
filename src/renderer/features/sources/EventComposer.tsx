import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { pipelineApi, type Source, type StoredEventRow } from '../../api/pipeline';
import { schemaApi } from '../../api/schema';
import type { SchemaEvent } from '../../../shared/api/schema';
import { pageHref } from '../../hooks/routes';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { TYPES, buildEvent, completions, fieldRoot, type Field } from './compose-event';

/**
 * Compose one event and send it to the source's event API, as an SDK would (its write key filled
 * in): the type, the name, the user and fields (names and values completed from the learned schema: the chosen event's own fields); then
 * the API's answer and the event as it was captured.
 */
export function EventComposer({ source }: { source: Source }) {
  const [type, setType] = useState<(typeof TYPES)[number]>('track');
  const [name, setName] = useState('');
  const [userId, setUserId] = useState('test-user');
  const [fields, setFields] = useState<Field[]>([{ path: '', value: '' }]);
  const [schema, setSchema] = useState<SchemaEvent[]>([]);
  const [answer, setAnswer] = useState<{ status: number; text: string }>();
  const [captured, setCaptured] = useState<StoredEventRow | null>();
  const [busy, setBusy] = useState(false);
  const list = useId();
  const open = () => document.getElementById(`${list}-name`)?.focus();
  usePaletteAction({ id: 'compose-event', label: `Send an event to ${source.name}…`, run: open });
  // The learned schema (every source's events, with their fields and sample values): the completion's words.
  useEffect(() => void schemaApi.schema({}).then((s) => setSchema(s.events), () => undefined), [source.id]);
  const root = fieldRoot(type);
  const { names, paths, samples } = useMemo(() => completions(schema, type, name), [schema, type, name]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setAnswer(undefined);
    setCaptured(undefined);
    const built = buildEvent(type, name, userId, fields);
    try {
      // The event API, as an SDK calls it: Basic auth with the write key as the user name.
      const response = await fetch(`/v1/${type}`, {
        method: 'POST',
        headers: { authorization: `Basic ${btoa(`${source.writeKey}:`)}`, 'content-type': 'application/json' },
        body: JSON.stringify(built),
      });
      setAnswer({ status: response.status, text: await response.text() });
      if (!response.ok) return;
      setCaptured(null);
      // Captured before the 200 OK: one look finds it.
      const page = await pipelineApi.listEvents({ messageId: built.messageId, sourceId: source.id }, { limit: 1 });
      setCaptured(page.events[0] ?? null);
    } catch (error) {
      setAnswer({ status: 0, text: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const setField = (i: number, patch: Partial<Field>) => setFields(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <form className="composer" aria-label="Send an event" onSubmit={(e) => void send(e)}>
      <h4>Send an event</h4>
      <div className="composer-row">
        <label>Type
          <select value={type} onChange={(e) => setType(e.target.value as (typeof TYPES)[number])}>
            {TYPES.map((t) => <option key={t}>{t}</option>)}
          </select>
        </label>
        {(type === 'track' || type === 'page' || type === 'screen') && (
          <label className="composer-grow">{type === 'track' ? 'Event name' : 'Name'}
            <input id={`${list}-name`} list={`${list}-names`} value={name} onChange={(e) => setName(e.target.value)} placeholder={names[0] ?? (type === 'track' ? 'Order Completed' : 'Home')} required={type === 'track'} />
          </label>
        )}
        <label className="composer-grow">User id<input value={userId} onChange={(e) => setUserId(e.target.value)} /></label>
      </div>
      <datalist id={`${list}-names`}>{names.map((n) => <option key={n} value={n} />)}</datalist>
      <datalist id={`${list}-paths`}>{paths.map((p) => <option key={p} value={p} />)}</datalist>
      {fields.map((f, i) => (
        <div key={i} className="composer-row">
          <label className="composer-grow">Field
            <input list={`${list}-paths`} value={f.path} onChange={(e) => setField(i, { path: e.target.value })} placeholder={`${root}.…`} aria-label={`Field ${i + 1} name`} />
          </label>
          <label className="composer-grow">Value
            <input list={`${list}-values-${i}`} value={f.value} onChange={(e) => setField(i, { value: e.target.value })} placeholder='42, "text", true, {"a":1}' aria-label={`Field ${i + 1} value`} />
            <datalist id={`${list}-values-${i}`}>{(samples.get(f.path.trim()) ?? []).map((v) => <option key={v} value={v} />)}</datalist>
          </label>
          <button type="button" className="link" aria-label={`Remove field ${i + 1}`} onClick={() => setFields(fields.filter((_, j) => j !== i))}>✕</button>
        </div>
      ))}
      <div className="composer-row">
        <button type="button" className="secondary" onClick={() => setFields([...fields, { path: '', value: '' }])}>Add field</button>
        <span className="muted small composer-grow">POST /v1/{type} with the write key of “{source.name}” ({source.writeKey.slice(0, 6)}…)</span>
        <button type="submit" disabled={busy || !source.enabled}>{busy ? 'Sending…' : 'Send event'}</button>
      </div>
      {answer && (
        <p className={answer.status === 200 ? 'small' : 'error small'} role="status" data-testid="composer-answer">
          {answer.status ? `HTTP ${answer.status}: ${answer.text}` : `Not sent: ${answer.text}`}
        </p>
      )}
      {captured && (
        <div data-testid="composer-captured">
          <p className="small">Captured as event {captured.id} · <a href={pageHref('events', { sourceId: source.id })}>Open Events</a></p>
          <pre className="code-block composer-event">{JSON.stringify(captured.event, null, 2)}</pre>
        </div>
      )}
      {captured === null && answer?.status === 200 && <p className="muted small">Looking for the captured event…</p>}
    </form>
  );
}
