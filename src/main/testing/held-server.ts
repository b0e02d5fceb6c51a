import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createSandbox, type SandboxOptions } from '../sandbox';

// A local HTTP server for the sandbox's tests of runs that share a process killed for another
// (innocent-runs, shared-budget): requests `hold` says to hold wait (their runs stay in flight in
// the process) until released; the others are answered at once with {"answer":42}.

const ANSWER = JSON.stringify({ answer: 42 });
const answer = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(ANSWER);

export function heldServer(hold: (count: number, req: IncomingMessage) => boolean) {
  const held: ServerResponse[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    if (hold(++requests, req)) held.push(res);
    else answer(res);
  });
  return {
    /** Requests received so far. */
    get requests() {
      return requests;
    },
    /** Starts listening on 127.0.0.1; answers the URL to fetch. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/value`;
    },
    /** Answers the requests held so far. */
    release(): void {
      for (const res of held.splice(0)) answer(res);
    },
    close(): void {
      for (const res of held) res.destroy();
      server.close();
    },
  };
}

/**
 * A sandbox of one process whose runs can share it while they wait on a held request: runs on the
 * isolates' threads (syncRuns false), private addresses allowed, and a long request timeout (a held
 * request must outlast the kill however slow the machine). Closed, with `server`, after the file's
 * tests; `url()` is the server's once listening.
 */
export function sharedProcessSandbox(server: ReturnType<typeof heldServer>, limits: Pick<SandboxOptions, 'timeoutMs' | 'wallTimeoutMs' | 'memoryLimitMb'>) {
  const sandbox = createSandbox({ processes: 1, syncRuns: false, requestTimeoutMs: 60_000, getSettings: () => ({ allowPrivateNetwork: true }), ...limits });
  let url = '';
  beforeAll(async () => {
    url = await server.listen();
  });
  afterAll(() => {
    sandbox.close();
    server.close();
  });
  return { sandbox, url: () => url };
}
