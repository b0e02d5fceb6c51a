import { useEffect, useMemo, useState } from 'react';
import type { EventFilterQuery } from '../../../shared/api/events';
import { filterIsEmpty, selectionQuery, type ExportFormat } from '../../../shared/api/event-selection';
import { parseWhereExpression } from '../../../shared/where-expression';
import { pipelineApi, type Source } from '../../api/pipeline';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { ErrorNotice } from '../../components/ErrorNotice';
import { pageHref } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { replayHref } from '../replay';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import type { ReplaySource } from '../../../shared/api/replay';
import { SendDialog } from './SendDialog';
import { SavedFilters } from './SavedFilters';
import { EventDetail } from './EventDetail';
import { EventFilters } from './EventFilters';
import { EventsTable } from './EventsTable';
import { AddAsTestsDialog } from './AddAsTestsDialog';
import { ImportDialog } from './ImportDialog';
import { useEventSelection } from './useEventSelection';
import { useEventsQuery } from './useEventsQuery';
import { EventsViewTabs } from './schema/EventsViewTabs';
import { CORE_DOWN, useCoreDown } from '../../api/core-connection';
import './events.css';

const FILTER_KEYS = ['type', 'event', 'userId', 'anonymousId', 'user', 'sourceId', 'messageId', 'from', 'to', 'q', 'where'] as const;
const filterOf = (params: Record<string, string>): EventFilterQuery =>
  Object.fromEntries(FILTER_KEYS.filter((k) => params[k]).map((k) => [k, params[k]])) as EventFilterQuery;

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The captured-events browser: filters, virtual table with live tail, detail, selection, import/export. */
export function EventsPage({ params }: { params: Record<string, string> }) {
  const filter = useMemo(() => filterOf(params), [params]);
  const [scrolledAway, setScrolledAway] = useState(false);
  const [sources, setSources] = useState<Source[]>([]);
  const [openId, setOpenId] = useState<string>();
  const [dialog, setDialog] = useState<'import' | 'delete' | 'send' | 'tests' | 'test'>();
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [selectionSize, setSelectionSize] = useState(0);
  const [pending, setPending] = useState(false);
  // A JSON path that does not parse is not applied: nothing is fetched, counted or acted on for it.
  const whereCheck = useMemo(() => parseWhereExpression(filter.where), [filter.where]);
  const query = useEventsQuery(whereCheck.ok ? filter : undefined, scrolledAway || selectionSize > 0);
  // While the core does not answer, the page's one banner says so: a request that failed for that
  // reason is not this page's error (the list stays as it was, greyed, until the core is back).
  const coreDown = useCoreDown();
  const queryError = coreDown ? undefined : query.error;
  const serverWhereError = queryError?.startsWith('where: ') ? queryError.slice('where: '.length) : undefined;
  const whereError = whereCheck.ok ? serverWhereError : whereCheck.error;
  const notApplied = whereError !== undefined || queryError !== undefined;
  const selection = useEventSelection(filter, query.total);
  useEffect(() => setSelectionSize(selection.size), [selection.size]);
  useEffect(() => void pipelineApi.listSources().then((a) => setSources(a.sources), (e: Error) => setError(e.message)), []);
  const sourceMap = useMemo(() => new Map(sources.map((s) => [s.id, s])), [sources]);
  const target = selection.selection ? selectionQuery(selection.selection) : filter;
  // What acts on "matching" needs the filter the table shows: applied, and the form not edited since.
  const byFilter = selection.selection?.kind !== 'ids';
  const actionable = !!query.total && !(byFilter && pending);
  const whyNot = pending && byFilter ? 'Apply (or undo) the edited filters first' : notApplied ? 'The filter is not applied' : undefined;
  const targetLabel = selection.selection ? `${selection.size.toLocaleString()} selected` : filterIsEmpty(filter) ? 'all events' : `${(query.total ?? 0).toLocaleString()} matching`;

  // The selection (or the matching events) as the export gives them: the events to add as tests.
  const loadTarget = async () => JSON.parse(await (await pipelineApi.exportEvents(target, 'json')).text()) as Record<string, unknown>[];
  const exportAs = async (format: ExportFormat) => {
    setError(undefined);
    try {
      download(await pipelineApi.exportEvents(target, format), `events.${format}`);
      setNotice(`Exported ${targetLabel} as ${format.toUpperCase()}.`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const remove = async () => {
    setDialog(undefined);
    if (!actionable) return;
    try {
      const { deleted } = await pipelineApi.deleteEvents(target, filterIsEmpty(target));
      setNotice(`Deleted ${deleted.toLocaleString()} events.`);
      selection.clear();
      setOpenId(undefined);
      query.refresh();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const live = !coreDown && !(scrolledAway || selection.size > 0);
  const replaySelection = () => navigate(replayHref(
    selection.selection?.kind === 'ids' ? { ids: selection.selection.ids } : { filter: Object.fromEntries(Object.entries(target).filter(([, v]) => v)) as Record<string, string> },
  ));
  const sendSource = (): ReplaySource => (selection.selection?.kind === 'ids' ? { kind: 'events', ids: selection.selection.ids } : { kind: 'filter', filter: Object.fromEntries(Object.entries(target).filter(([, v]) => v)) });
  usePaletteAction(actionable ? { id: 'send-selection', label: selection.size ? 'Send the selected events to a destination…' : 'Send the matching events to a destination…', run: () => setDialog('send') } : undefined);
  const exportLabel = targetLabel === 'all events' ? 'all events' : `the ${targetLabel} ${selection.selection ? (selection.size === 1 ? 'event' : 'events') : (query.total === 1 ? 'event' : 'events')}`;
  usePaletteAction({ id: 'import-events', label: 'Import events (JSON, NDJSON, HAR, curl)…', run: () => setDialog('import') });
  usePaletteAction(actionable ? { id: 'export-ndjson', label: `Export ${exportLabel} as NDJSON…`, run: () => void exportAs('ndjson') } : undefined);
  usePaletteAction(actionable ? { id: 'export-json', label: `Export ${exportLabel} as JSON…`, run: () => void exportAs('json') } : undefined);
  usePaletteAction(actionable ? { id: 'add-as-tests', label: selection.size ? 'Add the selected events as tests…' : 'Add the matching events as tests…', run: () => setDialog('tests') } : undefined);
  usePaletteAction(actionable ? { id: 'replay-selection', label: selection.size ? 'Replay the selected events…' : 'Replay the matching events…', run: replaySelection } : undefined);
  return (
    <section className="page events-page" aria-labelledby="events-title">
      <div className="page-head">
        <h2 id="events-title">Events</h2>
        <EventsViewTabs current="events" />
        {/* No tail while the filter is not applied (nothing is listed). */}
        {!notApplied && (
          <span className={`live ${live ? 'live-on' : ''}`} data-testid="live-state">
            {coreDown ? 'Not live (the core is not answering)' : live ? 'Live' : 'Paused'}
            {!live && !coreDown && query.newer > 0 && (
              <button type="button" className="link" onClick={() => { selection.clear(); setScrolledAway(false); query.refresh(); }}>{query.newer} new: show</button>
            )}
          </span>
        )}
        <div className="page-actions">
          <SavedFilters filter={filter} onApply={(f) => navigate(pageHref('events', f))} />
          <button type="button" className="secondary" onClick={() => setDialog('import')}>Import…</button>
          <button type="button" className="secondary" onClick={() => void exportAs('ndjson')} disabled={!actionable} title={whyNot ?? `Exports ${targetLabel}`}>Export NDJSON</button>
          <button type="button" className="secondary" onClick={() => void exportAs('json')} disabled={!actionable} title={whyNot ?? `Exports ${targetLabel}`}>Export JSON</button>
        </div>
      </div>
      <EventFilters filter={filter} counts={query.counts} notApplied={notApplied} whereError={whereError} sources={sources}
        onChange={(f) => navigate(pageHref('events', f))} onPendingChange={setPending} />
      <div className="selection-bar" aria-label="Selection">
        <span data-testid="selection-count">{selection.size ? `${selection.size.toLocaleString()} selected` : 'No selection (click a checkbox; shift-click selects a range)'}</span>
        {query.total !== undefined && query.total > 0 && !query.counts?.more && <button type="button" className="link" onClick={selection.selectAllMatching} disabled={pending} title={pending ? whyNot : undefined}>Select all {query.total.toLocaleString()} matching</button>}
        {selection.size > 0 && <button type="button" className="link" onClick={selection.clear}>Clear selection</button>}
        <button type="button" className="secondary" disabled={!actionable} title={whyNot} onClick={replaySelection}>
          {selection.size ? 'Replay selection…' : 'Replay matching…'}
        </button>
        <button type="button" className="secondary" disabled={!actionable} title={whyNot} onClick={() => setDialog('send')}>
          {selection.size ? 'Send selection to a destination…' : 'Send matching to a destination…'}
        </button>
        <button type="button" className="secondary" disabled={!actionable} title={whyNot} onClick={() => setDialog('tests')}>
          {selection.size ? 'Add selection as tests…' : 'Add matching as tests…'}
        </button>
        <button type="button" className="secondary danger" disabled={!actionable} title={whyNot} onClick={() => setDialog('delete')}>
          {selection.size ? 'Delete selected' : 'Delete matching'}
        </button>
      </div>
      <ErrorNotice message={error ?? (serverWhereError ? undefined : queryError)} onDismiss={() => setError(undefined)} onRetry={!error && queryError ? query.refresh : undefined} />
      {notice && <p role="status" className="notice">{notice} <button type="button" className="link" onClick={() => setNotice(undefined)} aria-label="Dismiss">✕</button></p>}
      <div className={`events-body ${openId ? 'with-detail' : ''}`}>
        {notApplied ? (
          <EmptyState title="The filter is not applied"
            action={whereError ? <button type="button" className="secondary" onClick={() => navigate(pageHref('events', { ...filter, where: undefined }))}>Clear the JSON path</button> : undefined}>
            {whereError
              ? 'Its JSON path has an error (said under the field). Nothing is listed, counted, exported or deleted for it until it is fixed and applied.'
              : 'The events could not be loaded (see the error above): nothing is listed for this filter.'}
          </EmptyState>
        ) : query.total === 0 ? (
          <EmptyState title={filterIsEmpty(filter) ? 'No events captured yet' : 'No event matches these filters'}
            action={!filterIsEmpty(filter) ? <a href={pageHref('events')}>Clear the filters</a> : coreDown ? (
              // Like the page's buttons while the core does not answer: no way to send one, and why.
              <span className="link-disabled" aria-disabled="true" title={CORE_DOWN}>Send one from the Sources page</span>
            ) : <a href="#/sources">Send one from the Sources page</a>}>
            {filterIsEmpty(filter) ? 'Events sent to the event API (or imported) appear here live.' : 'Change or clear the filters above.'}
          </EmptyState>
        ) : (
          <EventsTable query={query} selection={selection} sources={sourceMap} openId={openId} onOpen={setOpenId} onScrolled={setScrolledAway} />
        )}
        {openId && <EventDetail id={openId} onClose={() => setOpenId(undefined)} onAddAsTest={() => setDialog('test')} />}
      </div>
      {dialog === 'send' && <SendDialog source={sendSource()} label={exportLabel.replace(/^the /, '')} onClose={() => setDialog(undefined)} />}
      {dialog === 'test' && openId && (
        <AddAsTestsDialog label={`event ${openId}`} load={async () => [(await pipelineApi.getEvent(openId)).event as Record<string, unknown>]} onClose={() => setDialog(undefined)} onDone={(m) => { setDialog(undefined); setNotice(m); }} />
      )}
      {dialog === 'tests' && (
        <AddAsTestsDialog label={exportLabel} load={loadTarget} onClose={() => setDialog(undefined)} onDone={(m) => { setDialog(undefined); setNotice(m); }} />
      )}
      {dialog === 'import' && <ImportDialog sources={sources} onClose={() => setDialog(undefined)} onImported={query.refresh} />}
      {dialog === 'delete' && (
        <ConfirmDialog title={`Delete ${targetLabel}?`} confirmLabel="Delete events" danger onCancel={() => setDialog(undefined)} onConfirm={() => void remove()}>
          They are removed from the studio database and cannot be brought back. Destinations that have not processed them yet will not receive them.
        </ConfirmDialog>
      )}
    </section>
  );
}
