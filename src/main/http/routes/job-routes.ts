import { Type, type Static, type TSchema } from 'typebox';
import { deleteRoute } from './crud-routes';
import type { TypedApp } from './typed-routes';
import { IdParams, ListLimitQuery } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

/** A background job resource of the studio API (replay runs, sends): its schemas and wording. */
export interface JobResource<Create extends TSchema, Query extends TSchema> {
  base: string;
  tags: string[];
  Job: TSchema;
  Create: Create;
  ResultsQuery: Query;
  ResultsPage: TSchema;
  /** Property of the list answer holding the jobs. */
  listKey: string;
  summaries: { create: string; list: string; get: string; results: string; cancel: string; remove: string };
}

/** What a job service answers; the route adds nothing but schemas. */
export interface JobService<Create extends TSchema, Query extends TSchema> {
  create(body: Static<Create>): unknown;
  list(limit?: number): unknown[];
  get(id: string): unknown;
  results(id: string, query: Static<Query>): unknown;
  cancel(id: string): unknown;
  remove(id: string): void;
}

/**
 * Registers create, list, status, results, cancel and delete of a job resource; answers the
 * route options of a `POST|GET base/:id/…` action that returns the job, for the resource's own actions.
 */
export function jobRoutes<Create extends TSchema, Query extends TSchema>(app: TypedApp, r: JobResource<Create, Query>, service: JobService<Create, Query>) {
  const { base, tags, summaries } = r;
  const one = (summary: string) => ({ schema: { tags, summary, params: IdParams, response: { 200: r.Job, ...studioErrors } } });
  app.post(
    base,
    { schema: { tags, summary: summaries.create, body: r.Create, response: { 200: r.Job, ...studioErrors } }, bodyLimit: 64 * 1024 * 1024 },
    async (request) => service.create(request.body as Static<Create>),
  );
  app.get(
    base,
    {
      schema: {
        tags,
        summary: summaries.list,
        querystring: ListLimitQuery,
        response: { 200: Type.Object({ [r.listKey]: Type.Array(r.Job) }), ...studioErrors },
      },
    },
    async (request) => ({ [r.listKey]: service.list(request.query.limit) }),
  );
  app.get(`${base}/:id`, one(summaries.get), async (request) => service.get(request.params.id));
  app.get(
    `${base}/:id/results`,
    { schema: { tags, summary: summaries.results, params: IdParams, querystring: r.ResultsQuery, response: { 200: r.ResultsPage, ...studioErrors } } },
    async (request) => service.results(request.params.id, request.query as Static<Query>),
  );
  app.post(`${base}/:id/cancel`, one(summaries.cancel), async (request) => service.cancel(request.params.id));
  deleteRoute(app, `${base}/:id`, { tags, summary: summaries.remove }, (id) => service.remove(id));
  return { one };
}
