import { createServer } from 'node:http';

/**
 * HTTP's own floor: a bare node:http server in this process that reads a request body and
 * answers `answerSize` bytes (no parse, no validation, no work). `trip(body)` POSTs to it.
 */
export async function bareHttp(answerSize) {
  const answer = 'x'.repeat(answerSize);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length }).end(answer));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    trip: async (body) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text(),
    close: () => server.close(),
  };
}
