import type { EventFilterQuery, EventListQuery, EventStats, EventsDeleted, EventTypeCounts, ImportBody, ImportReport } from '../../shared/api/events';
import type { ExportFormat } from '../../shared/api/event-selection';
import type { CapturedEventDetailDto, CapturedEventDto, DeliveriesPage, DeliveriesQuery, DeliveryDto, DeliveryStatus, DestinationCreate, DestinationDto, DestinationKind, DestinationRetried, DestinationUpdate, EventsPage, SourceCreate, SourceDto, SourceUpdate } from '../../shared/api/pipeline';
import type { Success } from '../../shared/api/common';
import { ApiError, auth, queryString, request } from './client';

// The studio API of the local data plane: sources, captured events, destinations, deliveries.

export type Source = SourceDto;
export type StoredEventRow = CapturedEventDto;
export type { DeliveryStatus, DestinationKind };

export type EventDetail = CapturedEventDetailDto;

/** A destination as listed; `delivery.quarantine` is set when the studio paused it (its version crashed the sandbox). */
export type DestinationView = DestinationDto;


export type DeliveryRow = DeliveryDto;

const id = (value: string) => encodeURIComponent(value);
type Query = Record<string, string | number | boolean | undefined | null>;

export const pipelineApi = {
  listSources: () => request<{ sources: Source[] }>('GET', '/studio/api/sources'),
  createSource: (name: string) => request<Source>('POST', '/studio/api/sources', { name } satisfies SourceCreate),
  updateSource: (sid: string, patch: SourceUpdate) => request<Source>('PATCH', `/studio/api/sources/${id(sid)}`, patch),
  deleteSource: (sid: string) => request<Success>('DELETE', `/studio/api/sources/${id(sid)}`),

  listEvents: (filter: EventFilterQuery, page: Pick<EventListQuery, 'limit' | 'cursor' | 'offset'>) =>
    request<EventsPage>('GET', `/studio/api/events${queryString({ ...(filter as Query), ...page })}`),
  countEvents: (filter: EventFilterQuery, cursor?: string, budgetMs?: number) =>
    request<EventTypeCounts>('GET', `/studio/api/events/counts${queryString({ ...(filter as Query), cursor, budgetMs })}`),
  eventStats: () => request<EventStats>('GET', '/studio/api/events/stats'),
  getEvent: (eid: string) => request<EventDetail>('GET', `/studio/api/events/${id(eid)}`),
  deleteEvents: (filter: EventFilterQuery, all = false) =>
    request<EventsDeleted>('DELETE', `/studio/api/events${queryString({ ...(filter as Query), all: all || undefined })}`),
  /** The export as a Blob (the caller saves it). */
  async exportEvents(filter: EventFilterQuery, format: ExportFormat): Promise<Blob> {
    const response = await fetch(`/studio/api/events/export${queryString({ ...(filter as Query), format })}`, {
      headers: { Authorization: `Basic ${auth.get() ?? ''}` },
    });
    if (!response.ok) throw new ApiError(response.status, ((await response.json().catch(() => ({}))) as { error?: string }).error ?? `HTTP ${response.status}`);
    return response.blob();
  },
  /** Uploads a file with progress (0..1); a rejected file answers with the report in the error body. */
  importEvents(body: ImportBody, onProgress: (fraction: number) => void): Promise<ImportReport> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/studio/api/events/import');
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.setRequestHeader('Authorization', `Basic ${auth.get() ?? ''}`);
      xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
      xhr.onerror = () => reject(new ApiError(0, 'The studio server cannot be reached. Is it still running?'));
      xhr.onload = () => {
        let parsed: (ImportReport & { error?: string }) | undefined;
        try {
          parsed = JSON.parse(xhr.responseText) as ImportReport & { error?: string };
        } catch {
          parsed = undefined;
        }
        if (xhr.status === 200 && parsed) resolve(parsed);
        else reject(new ApiError(xhr.status, parsed?.error ?? `HTTP ${xhr.status}`, parsed as never));
      };
      xhr.send(JSON.stringify(body));
    });
  },

  listDestinations: () => request<{ destinations: DestinationView[] }>('GET', '/studio/api/destinations'),
  getDestination: (did: string) => request<DestinationView>('GET', `/studio/api/destinations/${id(did)}`),
  createDestination: (body: DestinationCreate) => request<DestinationView>('POST', '/studio/api/destinations', body),
  updateDestination: (did: string, patch: DestinationUpdate) => request<DestinationView>('PATCH', `/studio/api/destinations/${id(did)}`, patch),
  deleteDestination: (did: string) => request<Success>('DELETE', `/studio/api/destinations/${id(did)}`),
  retryFailed: (did: string) => request<DestinationRetried>('POST', `/studio/api/destinations/${id(did)}/retry`),
  disconnect: (did: string) => request<DestinationView>('DELETE', `/studio/api/destinations/${id(did)}/transformation`),
  listDeliveries: (query: DeliveriesQuery) =>
    request<DeliveriesPage>('GET', `/studio/api/deliveries${queryString(query)}`),
};
