import { Type, type TSchema } from 'typebox';
import type { TypedApp } from './typed-routes';
import { IdParams, Success } from '../../../shared/api/common';
import { studioErrors } from './error-responses';

/** Error answers a route documents (status → body schema). */
type ErrorAnswers = Record<number, TSchema>;

/** GET `path`: `{ [key]: Item[] }`. */
export function listRoute(app: TypedApp, path: string, r: { tags: string[]; summary: string; key: string; Item: TSchema; errors?: ErrorAnswers }, list: () => unknown[]): void {
  app.get(path, { schema: { tags: r.tags, summary: r.summary, response: { 200: Type.Object({ [r.key]: Type.Array(r.Item) }), ...(r.errors ?? studioErrors) } } }, async () => ({
    [r.key]: list(),
  }));
}

/** DELETE `path` (with an `:id`): `{ success: true }` once `remove` returns (it throws 404 itself). */
export function deleteRoute(app: TypedApp, path: string, r: { tags: string[]; summary: string }, remove: (id: string) => void): void {
  app.delete(path, { schema: { tags: r.tags, summary: r.summary, params: IdParams, response: { 200: Success, ...studioErrors } } }, async (request) => {
    remove(request.params.id);
    return { success: true };
  });
}
