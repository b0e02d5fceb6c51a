import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { StudioContext } from '../../context';
import { createEventsService, filterFromQuery } from '../../collect/events-service';
import { MAX_RETAINED_EVENTS } from '../../collect/retention';
import { StudioError } from '../../errors';
import { CapturedEvent, IdParam, IsoTime, NullableText, studioErrors } from './pipeline-schemas';

const tags = ['events'];

const filterFields = {
  type: Type.Optional(Type.String({ maxLength: 200, description: 'Call type, or several separated by commas' })),
  event: Type.Optional(Type.String({ maxLength: 1000, description: 'Event name (track event, page/screen name)' })),
  userId: Type.Optional(Type.String({ maxLength: 1000 })),
  anonymousId: Type.Optional(Type.String({ maxLength: 1000 })),
  user: Type.Optional(Type.String({ maxLength: 1000, description: 'Matches userId or anonymousId' })),
  sourceId: Type.Optional(Type.String({ maxLength: 100 })),
  messageId: Type.Optional(Type.String({ maxLength: 1000 })),
  from: IsoTime('Received at or after (ISO 8601)'),
  to: IsoTime('Received at or before (ISO 8601)'),
  q: Type.Optional(Type.String({ maxLength: 1000, description: 'Free text, case-insensitive, searched in the event JSON' })),
};
const ListQuery = Type.Object({
  ...filterFields,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ maxLength: 20, description: 'The `next` of the previous page' })),
});
const DeleteQuery = Type.Object({
  ...filterFields,
  all: Type.Optional(Type.Boolean({ description: 'Required to delete without any filter' })),
});
const Retention = Type.Object({
  maxAgeDays: Type.Union([Type.Integer({ minimum: 1, maximum: 36_500 }), Type.Null()], { description: 'Delete events and results older than this (null: keep)' }),
  maxEvents: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_RETAINED_EVENTS }), Type.Null()], { description: 'Keep at most this many events (null: no cap)' }),
});

/** Studio API: captured events (list, read, delete) and their retention setting. */
export const eventsRoutes =
  (ctx: StudioContext): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = createEventsService(ctx.store);

    app.get(
      '/studio/api/events',
      {
        schema: {
          tags,
          summary: 'List captured events, newest first',
          querystring: ListQuery,
          response: { 200: Type.Object({ events: Type.Array(CapturedEvent), next: NullableText }), ...studioErrors },
        },
      },
      async (request) => service.list({ ...filterFromQuery(request.query), limit: request.query.limit, cursor: request.query.cursor }),
    );
    app.get(
      '/studio/api/events/stats',
      {
        schema: {
          tags,
          summary: 'Counts of captured events',
          description: 'indexedUpTo: newest event id the background lookup index covers (filters stay complete while it catches up)',
          response: { 200: Type.Object({ count: Type.Integer(), lastId: NullableText, indexedUpTo: Type.String() }), ...studioErrors },
        },
      },
      async () => service.stats(),
    );
    app.get('/studio/api/events/retention', { schema: { tags, summary: 'Retention of captured events', response: { 200: Retention, ...studioErrors } } }, async () =>
      ctx.retention.get(),
    );
    app.put(
      '/studio/api/events/retention',
      {
        schema: {
          tags,
          summary: 'Change the retention of captured events',
          body: Type.Partial(Retention, { additionalProperties: false }),
          response: { 200: Retention, ...studioErrors },
        },
      },
      async (request) => ctx.retention.set(request.body),
    );
    app.get(
      '/studio/api/events/:id',
      {
        schema: {
          tags,
          summary: 'Get one captured event with its raw request',
          params: IdParam,
          response: {
            200: Type.Object({
              ...CapturedEvent.properties,
              request: Type.Union([
                Type.Object({ callType: Type.String(), requestIp: NullableText, receivedAt: Type.String(), body: Type.String(), eventCount: Type.Integer() }),
                Type.Null(),
              ]),
            }),
            ...studioErrors,
          },
        },
      },
      async (request) => service.get(request.params.id),
    );
    app.delete(
      '/studio/api/events/:id',
      { schema: { tags, summary: 'Delete one captured event', params: IdParam, response: { 200: Type.Object({ deleted: Type.Integer() }), ...studioErrors } } },
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
          querystring: DeleteQuery,
          response: { 200: Type.Object({ deleted: Type.Integer() }), ...studioErrors },
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
  };
