import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactUrlCredentials } from '../../shared/url-secret';
import { ERROR_STATUS } from '../../shared/errors';
import type { ErrorBody } from '../../shared/api/common';
import { StudioError } from '../errors';

/** Turns an Ajv error of Fastify into one sentence that names the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const part = error.validationContext ?? 'body';
  const path = first.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required') return `${part}: missing required field "${[path, params.missingProperty].filter(Boolean).join('.')}"`;
  if (first.keyword === 'additionalProperties') return `${part}: unknown field "${[path, params.additionalProperty].filter(Boolean).join('.')}"`;
  return `${part}${path ? `: field "${path}"` : ''} ${first.message ?? 'is invalid'}`;
}

/** Maps any thrown error to the API's JSON error body and status. */
export function toErrorReply(error: unknown, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof StudioError) {
    // Never a URL's password in an answer, whatever a message quotes.
    return { status: ERROR_STATUS[error.code], body: { error: redactUrlCredentials(error.message), code: error.code, ...error.details } };
  }
  const fe = error as FastifyError;
  if (fe && fe.validation) return { status: 400, body: { error: validationMessage(fe), code: 'validation' } };
  if (fe && fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 400, body: { error: `request body is too large (limit ${request.routeOptions.bodyLimit ?? 'reached'} bytes)`, code: 'payload_too_large' } };
  }
  if (fe && (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError)) {
    return { status: 400, body: { error: `request body is not valid JSON: ${fe.message}`, code: 'bad_request' } };
  }
  if (fe && fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { status: 400, body: { error: 'unsupported Content-Type: send application/json', code: 'bad_request' } };
  }
  if (fe && fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return { status: 400, body: { error: 'request body is empty: send a JSON object', code: 'bad_request' } };
  }
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode === 413 ? 400 : fe.statusCode, body: { error: redactUrlCredentials(fe.message), code: 'bad_request' } };
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    // JSON nested thousands of levels deep (an event, or a transformation's output) cannot be
    // handled as data here: a clear refusal, not an internal error.
    return { status: 400, body: { error: 'the data is nested too deeply to process (thousands of levels): flatten the events or the output', code: 'bad_request' } };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: { error: 'internal error: see the studio log for details', code: 'internal' } };
}

/** Most of a refused body read (and dropped) before the answer; past it the connection is closed at once. */
const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * A body refused before it was read (too large) is read to its end and dropped before the answer:
 * a connection closed while the client still sends resets, and the client (Node's fetch, about
 * one time in three) reports the reset instead of the answer.
 */
function drained(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', count);
      resolve();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', count).once('end', done).once('close', done).once('error', done);
    raw.resume();
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply: FastifyReply) => {
    const { status, body } = toErrorReply(error, request);
    if (body.code === 'payload_too_large') await drained(request);
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({ error: `no such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' });
  });
}
