import type { FastifyPluginAsync } from 'fastify';
import { Readable } from 'node:stream';
import { filterFromQuery, type EventsService } from '../../collect/events-service';
import type { ImportService } from '../../collect/import-service';
import type { RetentionService } from '../../collect/retention';
import { EventCountsQuery, EventDeleteQuery, EventExportQuery, EventListQuery, EventStats, EventsDeleted, EventTypeCounts, ImportBody, ImportReport } from '../../../shared/api/events';
import { RetentionSettings as Retention, RetentionSettingsPatch } from '../../../shared/api/settings';
import { StudioError } from '../../errors';
import { CapturedEventDetail, EventsPage } from '../../../shared/api/pipeline';
import { typedRoutes } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

const tags = ['events'];

/** Studio API: captured events (list, read, delete) and their retention setting. */
export const eventsRoutes =
  ({ events: service, importer, retention }: { events: EventsService; importer: ImportService; retention: RetentionService }): FastifyPluginAsync =>
  typedRoutes((app) => {

    app.get(
      '/studio/api/events',
      {
        schema: {
          tags,
          summary: 'List captured events, newest first',
          querystring: EventListQuery,
          response: { 200: EventsPage, ...studioErrors },
        },
      },
      async (request) => service.list({ ...filterFromQuery(request.query), limit: request.query.limit, cursor: request.query.cursor, offset: request.query.offset }),
    );
    app.get(
      '/studio/api/events/stats',
      {
        schema: {
          tags,
          summary: 'Counts of captured events',
          description: 'indexedUpTo: newest event id the background lookup index covers (filters stay complete while it catches up)',
          response: { 200: EventStats, ...studioErrors },
        },
      },
      async () => service.stats(),
    );
    app.get(
      '/studio/api/events/counts',
      { schema: { tags, summary: 'Matching captured events per call type', querystring: EventCountsQuery, response: { 200: EventTypeCounts, ...studioErrors } } },
      async (request) => service.counts(filterFromQuery(request.query), request.query.cursor, request.query.budgetMs),
    );
    app.get(
      '/studio/api/events/export',
      {
        schema: {
          tags,
          summary: 'Download the matching captured events (enriched), newest first, as NDJSON or a JSON array',
          querystring: EventExportQuery,
          produces: ['application/x-ndjson', 'application/json'],
        },
      },
      async (request, reply) => {
        const { format = 'ndjson', ...rest } = request.query;
        const pages = service.pages(filterFromQuery(rest));
        const ndjson = format === 'ndjson';
        async function* body() {
          let first = true;
          if (!ndjson) yield '[';
          for (const page of pages) {
            const text = page.map((e) => JSON.stringify(e.event)).join(ndjson ? '\n' : ',');
            yield ndjson ? `${text}\n` : `${first ? '' : ','}${text}`;
            first = false;
          }
          if (!ndjson) yield ']';
        }
        return reply
          .type(ndjson ? 'application/x-ndjson' : 'application/json')
          .header('content-disposition', `attachment; filename="events.${ndjson ? 'ndjson' : 'json'}"`)
          .send(Readable.from(body()));
      },
    );
    app.post(
      '/studio/api/events/import',
      {
        bodyLimit: 256 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Import a file of events into a source (validated like the event API; all or nothing)',
          description: 'A 400 answer carries the same report (format, requests, rejected: [{at, error}]) and stores nothing',
          body: ImportBody,
          response: { 200: ImportReport, ...studioErrors },
        },
      },
      async (request) => importer.importFile(request.body, request.ip),
    );
    app.get('/studio/api/events/retention', { schema: { tags, summary: 'Retention of captured events', response: { 200: Retention, ...studioErrors } } }, async () =>
      retention.get(),
    );
    app.put(
      '/studio/api/events/retention',
      {
        schema: {
          tags,
          summary: 'Change the retention of captured events',
          body: RetentionSettingsPatch,
          response: { 200: Retention, ...studioErrors },
        },
      },
      async (request) => retention.set(request.body),
    );
    app.get(
      '/studio/api/events/:id',
      {
        schema: {
          tags,
          summary: 'Get one captured event with its raw request',
          params: IdParams,
          response: {
            200: CapturedEventDetail,
            ...studioErrors,
          },
        },
      },
      async (request) => service.get(request.params.id),
    );
    app.delete(
      '/studio/api/events/:id',
      { schema: { tags, summary: 'Delete one captured event', params: IdParams, response: { 200: EventsDeleted, ...studioErrors } } },
      async (request) => {
        service.delete(request.params.id);
        return { deleted: 1 };
      },
    );
    app.delete(
      '/studio/api/events',
      {
        schema: {
          tags,
          summary: 'Delete the captured events matching a filter',
          querystring: EventDeleteQuery,
          response: { 200: EventsDeleted, ...studioErrors },
        },
      },
      async (request) => {
        const { all, ...rest } = request.query;
        const filter = filterFromQuery(rest);
        const hasFilter = Object.values(filter).some((v) => v !== undefined);
        if (!hasFilter && all !== true) throw new StudioError('validation', 'give at least one filter, or all=true to delete every captured event');
        return { deleted: service.deleteWhere(filter) };
      },
    );
  });
