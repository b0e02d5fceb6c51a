import type { IncomingMessage } from 'node:http';
import { gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';
import { EVENT_BODY_LIMIT } from '../limits';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; tooLarge: boolean; error: string };

/** After a size 400, the rest of the upload is read and dropped (so the client sees the answer, not a reset), up to these bounds. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
export const DRAIN_MAX_MS = 15_000;

const decoders: Record<string, (buffer: InputType, options: ZlibOptions, callback: (error: Error | null, result: Buffer) => void) => void> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  deflate: inflate,
};

/**
 * Reads an event API body as bytes, decoding `Content-Encoding: gzip|deflate` (what the SDKs send
 * by default). The limits apply to the decoded size, and decoding stops at the limit, so a small
 * compressed bomb costs no more memory than an honest 4 MB body.
 */
export function readEventBody(req: IncomingMessage, tooLarge: string, resolve: (result: BodyResult) => void): void {
  // A callback, not a promise: this is the single-event path's hot loop (bench/ingest.mjs).
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decode = decoders[encoding];
  if (!decode && encoding !== 'identity' && encoding !== '') {
    req.resume();
    return resolve({ ok: false, tooLarge: false, error: `unsupported content-encoding "${encoding}": send the body as is, gzip or deflate` });
  }
  if (Number(req.headers['content-length']) > EVENT_BODY_LIMIT) return resolve({ ok: false, tooLarge: true, error: tooLarge });
  const chunks: Buffer[] = [];
  let size = 0;
  let done = false;
  const finish = (result: BodyResult) => {
    if (done) return;
    done = true;
    req.off('data', onData);
    resolve(result);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > EVENT_BODY_LIMIT) return finish({ ok: false, tooLarge: true, error: tooLarge });
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.on('error', () => finish({ ok: false, tooLarge: false, error: 'invalid request: the body could not be read' }));
  req.on('close', () => {
    if (!req.complete) finish({ ok: false, tooLarge: false, error: 'invalid request: the client closed the connection' });
  });
  req.on('end', () => {
    const raw = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    if (!decode) return finish({ ok: true, body: raw });
    decode(raw, { maxOutputLength: EVENT_BODY_LIMIT }, (error, body) => {
      if (!error) return finish({ ok: true, body });
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') return finish({ ok: false, tooLarge: true, error: tooLarge });
      finish({ ok: false, tooLarge: false, error: `invalid ${encoding} body: ${error.message}` });
    });
  });
}

/** Reads and drops what is left of an upload (bounded), then lets the connection close. */
export function drain(req: IncomingMessage): void {
  if (req.complete) return;
  let dropped = 0;
  const stop = () => req.socket.destroy();
  const timer = setTimeout(stop, DRAIN_MAX_MS);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DRAIN_MAX_BYTES) stop();
  });
  req.once('end', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
  req.resume();
}
