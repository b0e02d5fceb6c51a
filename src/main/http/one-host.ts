import type { IncomingMessage, ServerResponse } from 'node:http';

// A request carries exactly one Host header (RFC 9112 §3.2: a server answers 400 to a request
// with more than one). Node keeps only the first in `headers`, while a proxy in front may act on
// another: two differing Hosts let a request pass the Host check as one site and reach another.
// Checked before any route (the event API included) on the raw header list.

/** Answers 400 and returns false when the request has more than one Host header. */
export function oneHostHeader(req: IncomingMessage, res: ServerResponse): boolean {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
  if (hosts <= 1) return true;
  const body = JSON.stringify({ error: `the request has ${hosts} Host headers: send exactly one`, code: 'bad_request' });
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
  res.end(body);
  return false;
}
