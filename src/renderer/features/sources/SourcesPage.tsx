import { useCallback, useEffect, useState } from 'react';
import type { StudioInfo } from '../../api/client';
import { pipelineApi, type Source } from '../../api/pipeline';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { pageHref } from '../../hooks/routes';
import { FirstEvent, useLatestEvent } from './FirstEvent';
import { RenameDialog } from './RenameDialog';
import { snippets } from './snippets';
import { EventComposer } from './EventComposer';
import './sources.css';

/** Sources (write keys of the event API): create, rename, enable, delete; snippets; first event live. */
export function SourcesPage({ info }: { info: StudioInfo }) {
  const [sources, setSources] = useState<Source[]>();
  const [selected, setSelected] = useState<string>();
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<Source>();
  const [renaming, setRenaming] = useState<Source>();
  const [deleteCount, setDeleteCount] = useState<number>();
  const load = useCallback(async () => {
    try {
      const list = (await pipelineApi.listSources()).sources;
      setSources(list);
      setSelected((s) => (s && list.some((x) => x.id === s) ? s : list[0]?.id));
    } catch (e) {
      setError((e as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);
  const act = async (work: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await work();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const create = () =>
    act(async () => {
      const source = await pipelineApi.createSource(name.trim());
      setName('');
      setSelected(source.id);
    });
  const askDelete = async (source: Source) => {
    setDeleting(source);
    setDeleteCount(undefined);
    setDeleteCount((await pipelineApi.countEvents({ sourceId: source.id }).catch(() => ({ total: 0 }))).total);
  };
  const current = sources?.find((s) => s.id === selected);
  const latest = useLatestEvent(current?.id);
  return (
    <section className="page" aria-labelledby="sources-title">
      <div className="page-head">
        <h2 id="sources-title">Sources</h2>
        <form className="inline-form" onSubmit={(e) => { e.preventDefault(); if (name.trim()) void create(); }}>
          <label className="sr-only" htmlFor="new-source-name">New source name</label>
          <input id="new-source-name" autoFocus={/[?&]new=1/.test(window.location.hash)} placeholder="New source name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          <button type="submit" disabled={!name.trim()}>Create source</button>
        </form>
      </div>
      <p className="muted">Each source has a write key: SDKs send events to <code>{info.baseUrl}/v1/…</code> with Basic auth <code>writeKey:</code>.</p>
      {error && <ErrorNotice message={error} onDismiss={() => setError(undefined)} />}
      {sources?.length === 0 && <EmptyState title="No sources yet">Create one to get a write key for your SDKs.</EmptyState>}
      <div className="sources-layout">
        <ul className="card-list" aria-label="Sources">
          {sources?.map((s) => (
            <li key={s.id} className={`card ${s.id === selected ? 'card-selected' : ''}`} data-testid="source-card">
              <div className="card-row">
                <button type="button" className="link card-title" onClick={() => setSelected(s.id)} aria-pressed={s.id === selected}>{s.name}</button>
                <span className={`badge ${s.enabled ? 'badge-published' : ''}`}>{s.enabled ? 'enabled' : 'disabled'}</span>
              </div>
              <div className="card-row">
                <code className="write-key" data-testid="write-key">{s.writeKey}</code>
                <CopyButton text={s.writeKey} label="Copy write key" />
              </div>
              <div className="card-row card-actions">
                <a href={pageHref('events', { sourceId: s.id })}>Events</a>
                <button type="button" className="link" onClick={() => setRenaming(s)}>Rename</button>
                <button type="button" className="link" onClick={() => void act(() => pipelineApi.updateSource(s.id, { enabled: !s.enabled }))}>{s.enabled ? 'Disable' : 'Enable'}</button>
                <button type="button" className="link danger-link" onClick={() => void askDelete(s)}>Delete</button>
              </div>
            </li>
          ))}
        </ul>
        {current && (
          <div className="source-detail" aria-label={`Send events to ${current.name}`} role="region">
            {/* "first event" only while the source has none (not while that is still being checked). */}
            <h3>{latest === null ? `Send your first event to “${current.name}”` : `Send events to “${current.name}”`}</h3>
            <dl className="facts">
              <dt>Event URL</dt>
              <dd><code data-testid="event-url">{info.baseUrl}</code> <CopyButton text={info.baseUrl} label="Copy URL" /></dd>
              <dt>Write key</dt>
              <dd><code>{current.writeKey}</code> <CopyButton text={current.writeKey} label="Copy key" /></dd>
            </dl>
            {!current.enabled && <p className="notice">This source is disabled: the event API refuses its write key until you enable it.</p>}
            <EventComposer key={current.id} source={current} />
            {snippets(info.baseUrl, current.writeKey).map((snippet) => (
              <div key={snippet.id} className="snippet">
                <div className="snippet-head"><span>{snippet.label}</span><CopyButton text={snippet.code} label={`Copy ${snippet.label}`} /></div>
                <pre data-testid={`snippet-${snippet.id}`}>{snippet.code}</pre>
              </div>
            ))}
            <FirstEvent sourceId={current.id} event={latest} />
          </div>
        )}
      </div>
      {renaming && (
        <RenameDialog name={renaming.name} onClose={() => setRenaming(undefined)} onRename={(n) => { const s = renaming; setRenaming(undefined); void act(() => pipelineApi.updateSource(s.id, { name: n })); }} />
      )}
      {deleting && (
        <ConfirmDialog title={`Delete source “${deleting.name}”?`} confirmLabel="Delete source" danger onCancel={() => setDeleting(undefined)} onConfirm={() => { const s = deleting; setDeleting(undefined); void act(() => pipelineApi.deleteSource(s.id)); }}>
          Its write key stops working at once (SDKs get “invalid write key”). Its {deleteCount === undefined ? '…' : deleteCount.toLocaleString()} captured events stay and can still be browsed, exported and deleted on the Events page.
        </ConfirmDialog>
      )}
    </section>
  );
}
