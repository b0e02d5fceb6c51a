import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../testing/harness';
import { operations, type Operation } from '../testing/hostile-cases';
import { requestFor, type FuzzRequest } from '../testing/fuzz-arbitraries';
import { startHeadless, type HeadlessProcess } from '../testing/spawn-headless';
import { BACKGROUND_TABLES, changedTables, integrityCheck, rowIds, tableDigests } from '../store/table-snapshot';

// Property-based fuzzing of every operation in /openapi.json against the built headless host
// on a real data folder: bodies drawn from each operation's schema then mutated, odd headers,
// query strings and path ids. Properties: no 5xx (nor a hang or a dropped connection), a
// message on every 4xx, no stored row changed by a rejected request, integrity_check ok.
// FUZZ_RUNS (default 1500, about 20 s) requests in CI; `npm run test:soak` sets a larger FUZZ_RUNS.
// FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const LIMIT_MS = 15_000;
const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../out/main/headless.js');
const CODE = 'export function transformEvent(event) { return event; }';
const manageAuth = `Basic ${Buffer.from('cli@example.com:cli-token').toString('base64')}`;
const writeKeyAuth = `Basic ${Buffer.from('cli-write-key:').toString('base64')}`;
/** Rows jobs update in place: a rejected request must not add or remove any. */
const JOB_TABLES = ['replay_runs', 'replay_sends'];

const isEvents = (template: string) => /^\/(v1|beacon\/v1|sourceConfig)\//.test(template);

describe('property-based fuzzing of every operation (built headless host)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-fuzz-'));
  let host: HeadlessProcess;
  let db: BetterSqlite3.Database;
  let ops: Operation[] = [];
  const ids = new Set<string>(['cli-write-key', 'fuzz-key']);
  const findings = new Map<string, string>();
  const statuses: Record<string, number> = {};
  let sent = 0;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${host.url}${path}`, {
      method,
      headers: { authorization: manageAuth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, any>;
    expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
    collectIds(json);
    return json;
  };

  /** Remembers ids from answers so later requests address real resources. */
  function collectIds(value: unknown, depth = 0) {
    if (!value || typeof value !== 'object' || depth > 3) return;
    if (Array.isArray(value)) return value.slice(0, 20).forEach((v) => collectIds(v, depth + 1));
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && /^(id|versionId|name|key)$/.test(key) && v.length < 80) ids.add(v);
      else collectIds(v, depth + 1);
    }
    if (ids.size > 300) ids.delete(ids.values().next().value!);
  }

  /** Send jobs post captured events to this instance's event API in the background. */
  const sending = () => db.prepare("SELECT 1 FROM replay_sends WHERE status IN ('queued', 'running') LIMIT 1").get() !== undefined;
  const read = () => ({
    digests: tableDigests(db, { skip: new Set([...BACKGROUND_TABLES, ...JOB_TABLES]) }),
    jobs: JOB_TABLES.map((t) => rowIds(db, t).join(',')),
    sending: sending(),
  });
  // This connection only reads: while no other connection has committed (data_version the same),
  // the file is as last read, and so is its snapshot.
  let last: { version: number; snapshot: ReturnType<typeof read> } | undefined;
  const snapshot = () => {
    const version = db.pragma('data_version', { simple: true }) as number;
    if (last?.version !== version) last = { version, snapshot: read() };
    return last.snapshot;
  };

  async function send(req: FuzzRequest) {
    return Promise.race([
      rawRequest(host.url, { method: req.method, path: req.path, headers: req.headers, body: req.body, streamAnswersAtHead: true }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${LIMIT_MS} ms`)), LIMIT_MS).unref()),
    ]);
  }

  /** Judges one answer; returns the problem, if any. */
  function judge(req: FuzzRequest, status: number, text: string): string | undefined {
    if (status >= 500 || status < 200) return `status ${status}`;
    if (status < 400) return undefined;
    if (isEvents(req.template) && req.headers.host === new URL(host.url).host) {
      return text.trim() ? undefined : 'event API 4xx without a message';
    }
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown };
      const message = body.error ?? body.message;
      if (typeof message !== 'string' || !message.trim()) return `4xx without a message`;
      if (/internal error/i.test(message)) return 'internal error message on a 4xx';
    } catch {
      if (!text.trim()) return '4xx with an empty body';
    }
    return undefined;
  }

  beforeAll(async () => {
    expect(existsSync(headless), 'build first: npx electron-vite build').toBe(true);
    host = await startHeadless({ dataDir });
    ops = operations((await (await fetch(`${host.url}/openapi.json`)).json()) as Parameters<typeof operations>[0]);
    db = new BetterSqlite3(join(dataDir, 'studio.db'), { readonly: true, fileMustExist: true });
    // The snapshot sees an accepted write (so it would see one a refused request made).
    const before = snapshot();
    await call('POST', '/studio/api/sources', { name: 'fuzz source' });
    expect(changedTables(before.digests, snapshot().digests)).toEqual(['sources']);
    await call('POST', '/transformations', { name: 'fuzz t', code: CODE });
    await call('POST', '/libraries', { name: 'fuzz lib', code: 'export const x = 1;' });
    await call('POST', '/studio/api/destinations', { name: 'fuzz capture', kind: 'capture' });
    await call('PUT', '/studio/api/credentials/fuzz-key', { value: 'secret' });
    const track = await fetch(`${host.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: writeKeyAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'u1', event: 'fixture', messageId: 'fuzz-fixture-1' }),
    });
    expect(track.status).toBe(200);
    await call('GET', '/studio/api/events?limit=5');
  }, 60_000);

  afterAll(async () => {
    db?.close();
    if (host && host.child.exitCode === null) await host.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads every operation from /openapi.json', () => {
    expect(ops.length).toBeGreaterThan(80);
  });

  it(`answers ${RUNS} random and mutated requests without a 5xx, with a message on every 4xx, and changes nothing when it refuses`, async () => {
    const retention = await call('GET', '/studio/api/events/retention');
    const byOp = fc.constantFrom(...ops.filter((o) => o.template !== '/openapi.json'));
    const requests = byOp.chain((op) =>
      requestFor(op, { auth: isEvents(op.template) ? writeKeyAuth : manageAuth, host: new URL(host.url).host, ids: () => [...ids] }),
    );
    console.log(`fuzz: ${RUNS} requests over ${ops.length} operations, seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to replay)`);
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        const where = `${req.method} ${req.template} [${req.mutation}]`;
        const before = snapshot();
        let status = 0;
        let text = '';
        try {
          const answer = await send(req);
          status = answer.status;
          text = answer.text;
        } catch (error) {
          findings.set(`${req.method} ${req.template}: ${(error as Error).message}`, `${where} ${req.path.slice(0, 200)}`);
          return;
        }
        sent++;
        statuses[`${Math.floor(status / 100)}xx`] = (statuses[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
        if (process.env.FUZZ_DEBUG && status >= 400) console.log('refused', status, req.mutation.slice(0, 20), req.method, req.template, text.slice(0, 100));
        const problem = judge(req, status, text);
        if (problem) findings.set(`${req.method} ${req.template}: ${problem}`, `${where} ${req.path.slice(0, 200)} body=${String(req.body ?? '').slice(0, 200)} → ${status} ${text.slice(0, 200)}`);
        if (status >= 400) {
          const after = snapshot();
          // A send in flight writes captured events; their maintained counts move in the same transaction.
          const busy = before.sending || after.sending ? ['captured_events', 'event_counts', 'event_requests'] : [];
          const changed = [...changedTables(before.digests, after.digests), ...JOB_TABLES.filter((_, i) => before.jobs[i] !== after.jobs[i])].filter((t) => !busy.includes(t));
          if (changed.length) findings.set(`${req.method} ${req.template}: refused with ${status} but changed ${changed.join(', ')}`, `${where} ${req.path.slice(0, 200)}`);
        } else {
          if (text.startsWith('{') || text.startsWith('[')) {
            try {
              collectIds(JSON.parse(text));
            } catch {
              // NDJSON exports and the like
            }
          }
          // A tiny retention or limit would change what later requests can test.
          if (req.method === 'PUT' && req.template === '/studio/api/events/retention') await call('PUT', '/studio/api/events/retention', retention);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(
      `fuzz: ${sent} requests answered in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(statuses)}; findings: ${findings.size}`,
    );
    for (const [finding, example] of findings) console.log(`  finding: ${finding}\n    e.g. ${example}`);
    expect([...findings.keys()]).toEqual([]);
    expect(sent).toBe(RUNS);
    expect((await fetch(`${host.url}/studio/health`)).status).toBe(200);
  }, 600_000);

  it('leaves a sound database (PRAGMA integrity_check) and stops cleanly', async () => {
    expect(integrityCheck(db)).toBe('ok');
    expect(await host.stop('SIGTERM')).toBe(0);
    const after = new BetterSqlite3(join(dataDir, 'studio.db'), { readonly: true });
    try {
      expect(integrityCheck(after)).toBe('ok');
    } finally {
      after.close();
    }
  }, 60_000);
});
