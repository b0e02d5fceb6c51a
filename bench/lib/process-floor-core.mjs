// The core of the process-model floor (bench/process-floor.mjs): a bare node:http server in its
// own process that hands each POST body's text, unparsed and unchecked, to the least busy of
// FLOOR_PROCESSES sandbox processes (process-floor-sandbox.mjs, fork IPC with 'advanced'
// serialization, as the studio's) and writes their answer's text back. GET answers `{}` at once
// (one round trip, no work). It prints its URL once every sandbox process is ready.
import { fork } from 'node:child_process';
import { createServer } from 'node:http';

const count = Number(process.env.FLOOR_PROCESSES ?? 1);
const waiting = new Map();
const sandboxes = Array.from({ length: count }, () => {
  const child = fork(new URL('./process-floor-sandbox.mjs', import.meta.url).pathname, [], { serialization: 'advanced', execArgv: ['--no-node-snapshot'] });
  const sandbox = { child, inFlight: 0, ready: new Promise((resolve) => child.once('message', resolve)) };
  child.on('message', ({ id, json }) => {
    if (id === undefined) return;
    sandbox.inFlight--;
    const res = waiting.get(id);
    waiting.delete(id);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) }).end(json);
  });
  return sandbox;
});

let next = 0;
const server = createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const id = next++;
    waiting.set(id, res);
    const sandbox = sandboxes.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
    sandbox.inFlight++;
    sandbox.child.send({ id, text: Buffer.concat(chunks).toString('utf8') });
  });
});
await Promise.all(sandboxes.map((s) => s.ready));
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => {
  for (const s of sandboxes) s.child.kill();
  process.exit(0);
});
