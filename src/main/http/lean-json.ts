import type { FastifyInstance, FastifyReply } from 'fastify';

// The lean JSON path of the test-run routes, where the body and the answer are as large as the
// events (a 200-event batch is ~115 KB each way) and the work around the sandbox run counts.

/**
 * Parses application/json bodies with plain JSON.parse in the calling plugin's scope (Fastify's
 * default parser scans the whole text again for "__proto__" and "constructor"). Safe for routes
 * whose schema closes the top-level object (additionalProperties: false) and that only read
 * named fields of the body and hand events on as JSON: JSON.parse makes "__proto__" an own data
 * property, never a prototype.
 */
export function usePlainJsonParser(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(Object.assign(new Error('empty body'), { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
      return;
    }
    if (parsed !== null && typeof parsed === 'object') sources.set(parsed, { text, events: (parsed as { events?: unknown }).events });
    done(null, parsed);
  });
}

// The text each body was parsed from, and its `events` as parsed (to see that nothing replaced them).
const sources = new WeakMap<object, { text: string; events: unknown }>();

/**
 * The text `body` was parsed from, when its `events` are still the array parsed from it (the body
 * validator neither coerces nor removes: validation.ts): the sandbox can take the events from it.
 * Taken once: the text is not kept for the rest of the request.
 */
export function eventsSourceOf(body: { events?: unknown }): string | undefined {
  const source = sources.get(body);
  sources.delete(body);
  return source && Array.isArray(body.events) && source.events === body.events ? source.text : undefined;
}

/**
 * Serialises the answers of a route with JSON.stringify: faster than a compiled serializer when
 * the answer is mostly free-form events (schema `Unknown`); the schemas still document them.
 */
export const stringifySerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends an answer already written as JSON text (it is not serialised again). The text must be
 * what the route's 200 schema describes: the cast says so to the type provider.
 */
export const sendJsonText = <T>(reply: FastifyReply, json: string): T => reply.type('application/json; charset=utf-8').send(json) as T;
