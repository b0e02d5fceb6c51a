import type { IncomingMessage, ServerResponse } from 'node:http';

// Every request body (Fastify routes and the node:http event API alike) must arrive within a
// deadline and, after a short grace, at a minimum average rate; a client trickling bytes is
// answered 408 with a sentence saying why and its connection closed. Bytes are counted on the
// socket, so no 'data' listener changes how the route reads its body.

export interface BodyTimeouts {
  /** Whole body within this many ms (default 30 s). */
  deadlineMs: number;
  /** Average bytes per second required once graceMs has passed (default 1024). */
  minBytesPerSecond: number;
  /** No rate check before this many ms (default 5 s). */
  graceMs: number;
  /** How often the bodies in flight are checked (default 1 s). */
  checkIntervalMs: number;
}

export const DEFAULT_BODY_TIMEOUTS: BodyTimeouts = { deadlineMs: 30_000, minBytesPerSecond: 1024, graceMs: 5_000, checkIntervalMs: 1_000 };

interface InFlight {
  res: ServerResponse;
  startedAt: number;
  bytesAtStart: number;
}

const EVENT_PATHS = /^\/(v1|beacon)\//;

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

function refuse(req: IncomingMessage, res: ServerResponse, message: string): void {
  const socket = req.socket;
  if (!res.headersSent) {
    const json = !EVENT_PATHS.test(req.url ?? '');
    const body = json ? JSON.stringify({ error: message, code: 'request_timeout' }) : message;
    res.writeHead(408, {
      'content-type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body, () => socket.destroy());
  }
  // Whatever happens to the answer, the connection ends shortly (also when one was already sent).
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Watches request bodies; `track` once per request, before any handler runs. */
export function createBodyDeadlines(options: Partial<BodyTimeouts> = {}) {
  const limits = { ...DEFAULT_BODY_TIMEOUTS, ...options };
  const inFlight = new Map<IncomingMessage, InFlight>();
  let timer: NodeJS.Timeout | undefined;

  const check = () => {
    const now = Date.now();
    for (const [req, entry] of inFlight) {
      if (req.complete || req.destroyed) {
        inFlight.delete(req);
        continue;
      }
      const elapsed = now - entry.startedAt;
      const received = req.socket.bytesRead - entry.bytesAtStart;
      let message: string | undefined;
      if (elapsed > limits.deadlineMs) {
        message = `request timeout: the body did not arrive within ${limits.deadlineMs / 1000} s; send it faster or in smaller requests`;
      } else if (elapsed > limits.graceMs && received < (limits.minBytesPerSecond * elapsed) / 1000) {
        message = `request timeout: the body arrived slower than ${limits.minBytesPerSecond} bytes per second; send it faster or in smaller requests`;
      }
      if (message) {
        inFlight.delete(req);
        refuse(req, entry.res, message);
      }
    }
    if (inFlight.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    limits,
    track(req: IncomingMessage, res: ServerResponse): void {
      if (!hasBody(req) || req.complete) return;
      inFlight.set(req, { res, startedAt: Date.now(), bytesAtStart: req.socket.bytesRead });
      req.once('close', () => inFlight.delete(req));
      if (!timer) {
        timer = setInterval(check, limits.checkIntervalMs);
        timer.unref();
      }
    },
    close(): void {
      if (timer) clearInterval(timer);
      timer = undefined;
      inFlight.clear();
    },
  };
}
