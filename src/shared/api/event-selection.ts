import type { EventExportQuery, EventFilterQuery } from './events';

// The Events page's selection model, without runtime dependencies (the renderer bundles it).

export type ExportFormat = NonNullable<EventExportQuery['format']>;

/** What the user picked on the Events page: some events by id, or everything matching a filter. */
export type EventSelection = { kind: 'ids'; ids: string[] } | { kind: 'filter'; filter: EventFilterQuery };

/** The filter query that addresses exactly the selection (for export, delete, replay). */
export function selectionQuery(selection: EventSelection): EventFilterQuery {
  return selection.kind === 'ids' ? { ids: selection.ids.join(',') } : selection.filter;
}

/** Whether a filter narrows anything (an empty one means "every event"). */
export function filterIsEmpty(filter: EventFilterQuery): boolean {
  return Object.values(filter).every((v) => v === undefined || v === '');
}
