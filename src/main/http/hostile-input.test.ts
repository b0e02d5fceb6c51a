import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRequest, startTestStudio, type TestStudio } from '../testing/harness';
import { judge, LIMIT_MS, type Outcome } from '../testing/hostile-judge';
import {
  HOSTILE_IDS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_VALUES,
  POLLUTION,
  acceptedTypes,
  jsonType,
  deepArray,
  deepObject,
  fieldPaths,
  operations,
  sample,
  wholeBodyCases,
  withRawValue,
  type HostileCase,
  type Operation,
} from '../testing/hostile-cases';

// Every input from outside is validated: for every operation of /openapi.json, hostile
// requests get a 4xx with a message saying what to fix (or a 2xx where the input is in fact
// acceptable), never a 5xx, a hang or a crash; the server stays healthy and unpolluted.

const CODE = 'export function transformEvent(event) { return event; }';

describe('hostile input on every operation (integration)', () => {
  let t: TestStudio;
  let ops: Operation[];
  const ids: Record<string, string> = {};
  let failures: string[] = [];
  let sent = 0;
  beforeEach(() => {
    failures = [];
  });

  const send = async (c: HostileCase): Promise<Outcome> => {
    const started = performance.now();
    const headers: Record<string, string> = { host: new URL(t.url).host, ...c.headers };
    if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
    const response = await Promise.race([
      rawRequest(t.url, { method: c.method, path: c.path, headers, body: c.body }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${LIMIT_MS} ms`)), LIMIT_MS).unref()),
    ]);
    sent++;
    if (process.env.HOSTILE_DEBUG && performance.now() - started > 200) console.log(Math.round(performance.now() - started), c.method, c.path.slice(0, 80), c.label);
    return { status: response.status, text: response.text, type: String(response.headers['content-type'] ?? ''), ms: performance.now() - started };
  };

  /** Checks one answer; collects a readable failure instead of stopping at the first. */
  const check = async (c: HostileCase, options: { events: boolean }) => {
    const where = `${c.method} ${c.path.slice(0, 120)} [${c.label}]`;
    let r: Outcome;
    try {
      r = await send(c);
    } catch (error) {
      failures.push(`${where}: ${(error as Error).message}`);
      return;
    }
    const problem = judge(r, c, options.events);
    if (problem) failures.push(`${where}: ${problem} — ${r.status} ${r.text.slice(0, 300)}`);
  };

  // The event API (write key, 400 texts): /v1, the SDKs' beacon paths and their source config.
  const isEvents = (op: Operation) => /^\/(v1|beacon\/v1|sourceConfig)\//.test(op.template);
  const auth = (op: Operation) => (isEvents(op) ? t.writeKeyAuth : t.auth);

  /** Fills path params with the fixtures (real ids) so that checks past the route schema run. */
  function realPath(op: Operation): string {
    return op.template.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (name === 'key') return 'hostile-key';
      if (name === 'versionId') return op.template.startsWith('/libraries') ? ids.libraryVersion! : ids.transformationVersion!;
      const resource = /^\/(?:studio\/api\/)?(\w+)/.exec(op.template)![1]!;
      return ids[resource] ?? 'missing-fixture';
    });
  }

  const settings: Record<string, unknown> = {};
  const restoreSettings = async () => {
    for (const [path, body] of Object.entries(settings)) expect((await t.call('PUT', path, body)).status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestStudio();
    for (const path of ['/studio/api/settings/management', '/studio/api/settings/sandbox', '/studio/api/events/retention']) {
      settings[path] = (await t.call('GET', path)).body;
    }
    ops = operations((await (await fetch(`${t.url}/openapi.json`)).json()) as Parameters<typeof operations>[0]);
    const created = async (method: string, path: string, body: unknown) => {
      const r = await t.call(method, path, body);
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      return r.body;
    };
    ids.sources = (await created('POST', '/studio/api/sources', { name: 'hostile source' })).id;
    const transformation = await created('POST', '/transformations', { name: 'hostile t', code: CODE });
    ids.transformations = transformation.id;
    ids.transformationVersion = transformation.versionId;
    const library = await created('POST', '/libraries', { name: 'hostile lib', code: 'export const x = 1;' });
    ids.libraries = library.id;
    ids.libraryVersion = library.versionId;
    ids.destinations = (await created('POST', '/studio/api/destinations', { name: 'hostile capture', kind: 'capture' })).id;
    await created('PUT', '/studio/api/credentials/hostile-key', { value: 'secret' });
    const track = await fetch(`${t.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'u1', event: 'fixture', messageId: 'fixture-1' }),
    });
    expect(track.status).toBe(200);
    ids.events = (await t.call('GET', '/studio/api/events?messageId=fixture-1')).body.events[0].id;
  });
  afterAll(() => t?.close());

  it('reads every operation from /openapi.json', () => {
    const names = ops.map((o) => `${o.method} ${o.template}`);
    for (const expected of ['POST /transformations', 'PATCH /studio/api/sources/{id}', 'POST /v1/batch', 'GET /studio/api/events']) {
      expect(names).toContain(expected);
    }
    expect(ops.length).toBeGreaterThan(40);
  });

  it('refuses missing and garbage credentials with a clear 4xx on every operation', async () => {
    const garbage = [
      undefined,
      '',
      'Bearer abc',
      'Basic',
      'Basic !!!not-base64!!!',
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
      `Basic ${Buffer.from(`${'x'.repeat(4000)}:${'y'.repeat(4000)}`).toString('base64')}`,
      `Basic ${Buffer.from('dev@example.com:wrong').toString('base64')}`,
    ];
    for (const op of ops) {
      // Answered without authentication by design (liveness, its stream, the API document).
      if (op.template.startsWith('/studio/health') || op.template === '/openapi.json') continue;
      for (const value of garbage) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (value !== undefined) headers.authorization = value;
        const c: HostileCase = { label: `auth ${JSON.stringify(value ?? null).slice(0, 30)}`, method: op.method, path: realPath(op), headers, body: op.body ? '{}' : undefined };
        const r = await send(c).catch((error: Error) => ({ status: 0, text: error.message, type: '', ms: 0 }));
        const problem = r.status === (isEvents(op) ? 400 : 401) ? judge(r, c, isEvents(op)) : 'not refused';
        if (problem) failures.push(`${c.method} ${c.path} [${c.label}]: ${problem} — ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers hostile bodies, path params and query strings with 4xx (or 2xx), never 5xx or a hang', async () => {
    // Deleting operations last: they would remove the fixtures the others use.
    const ordered = [...ops].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const op of ordered) {
      const events = isEvents(op);
      const authHeader = { authorization: auth(op) };
      const path = realPath(op);
      if (op.body) {
        const base = sample(op.body, `hostile ${op.method} ${op.template}`.replace(/\W+/g, '-'));
        for (const whole of wholeBodyCases(base)) {
          await check({ ...whole, method: op.method, path, headers: { ...authHeader, ...whole.headers } }, { events });
        }
        for (const { path: field, schema } of fieldPaths(op.body)) {
          const accepted = acceptedTypes(schema);
          for (const value of HOSTILE_VALUES) {
            const body = withRawValue(base, op.body, field, value);
            const label = `${field.join('.')} = ${value.slice(0, 24)}`;
            // A value of the wrong JSON type must be refused by a message naming the field.
            const wrongType = accepted !== undefined && !accepted.has(jsonType(value));
            await check({ label, method: op.method, path, headers: { ...authHeader, 'content-type': 'application/json' }, body, field: field.at(-1), wrongType }, { events });
          }
        }
      }
      const validBody = op.body ? JSON.stringify(sample(op.body, 'ok')) : undefined;
      const bodyHeaders: Record<string, string> = op.body ? { 'content-type': 'application/json' } : {};
      for (const param of op.params.filter((p) => p.in === 'path')) {
        for (const id of HOSTILE_IDS) {
          const hostilePath = op.template.replace(`{${param.name}}`, id).replace(/\{(\w+)\}/g, () => 'other');
          await check({ label: `path ${param.name}=${id.slice(0, 20)}`, method: op.method, path: hostilePath, headers: { ...authHeader, ...bodyHeaders }, body: validBody }, { events });
        }
      }
      for (const param of op.params.filter((p) => p.in === 'query')) {
        for (const value of [...HOSTILE_QUERY_VALUES, ...(param.schema.enum ? ['SIDEWAYS'] : [])]) {
          const query = `${param.name}=${value}${param.name === 'all' ? '' : '&all=false'}`;
          await check({ label: `query ${param.name}=${value.slice(0, 20)}`, method: op.method, path: `${path}?${query}`, headers: { ...authHeader, ...bodyHeaders }, body: validBody }, { events });
        }
        await check({ label: `query ${param.name} repeated`, method: op.method, path: `${path}?${param.name}=1&${param.name}=2`, headers: { ...authHeader, ...bodyHeaders }, body: validBody }, { events });
      }
      // Acceptable values (a 123-byte code limit, a 123 ms timeout) would change what later operations test.
      if (op.method === 'PUT' && /settings|retention/.test(op.template)) await restoreSettings();
      await check({ label: 'bad query string', method: op.method, path: `${path}?%zz=%&&=&${'q'.repeat(3000)}`, headers: { ...authHeader, ...bodyHeaders }, body: validBody }, { events });
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 120_000); // a sweep of thousands of requests, some running the sandbox (saves run saved tests): its own limit

  it('refuses bodies over the limit and unknown methods with a clear 4xx', async () => {
    const big = JSON.stringify({ name: 'big', code: 'x'.repeat(5 * 1024 * 1024) });
    for (const path of ['/transformations', '/studio/api/test', '/studio/api/sources']) {
      await check({ label: 'body over 4 MB', method: 'POST', path, headers: { authorization: t.auth, 'content-type': 'application/json' }, body: big }, { events: false });
    }
    await check({ label: 'batch over 4 MB', method: 'POST', path: '/v1/batch', headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' }, body: big }, { events: true });
    await check({ label: 'call over 32 KB', method: 'POST', path: '/v1/track', headers: { authorization: t.writeKeyAuth }, body: JSON.stringify({ event: 'x'.repeat(40_000) }) }, { events: true });
    const deep = await fetch(`${t.url}/v1/track`, {
      method: 'POST',
      headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' },
      body: `{"userId":"u","event":"deep","properties":{"x":${deepArray()}}}`,
    });
    expect(deep.status).toBe(400);
    expect(await deep.text()).toMatch(/nested more than 256 levels deep/);
    for (const [method, path] of [['PUT', '/transformations'], ['PATCH', '/studio/api/info'], ['GET', '/v1/track'], ['PUT', '/v1/batch']] as const) {
      await check({ label: 'unknown method', method, path, headers: { authorization: t.auth }, body: undefined }, { events: path.startsWith('/v1') });
    }
    expect(failures).toEqual([]);
  });

  it('stays healthy, keeps data and is not polluted after the sweep', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect((await fetch(`${t.url}/studio/health`)).status).toBe(200);

    // An event carrying pollution keys is stored as sent and pollutes nothing.
    const raw = `{"userId":"p1","event":"pollution","messageId":"pollution-1",${POLLUTION},"properties":{${POLLUTION}}}`;
    const sentEvent = await fetch(`${t.url}/v1/track`, { method: 'POST', headers: { authorization: t.writeKeyAuth, 'content-type': 'application/json' }, body: raw });
    expect(sentEvent.status).toBe(200);
    const stored = await t.call('GET', '/studio/api/events?messageId=pollution-1');
    expect(stored.status).toBe(200);
    expect(stored.body.events).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // Normal creates and lists still work, and new objects have no inherited fields.
    const source = await t.call('POST', '/studio/api/sources', { name: `after \u0000 💥 ${'n'.repeat(150)}` });
    expect(source.status).toBe(200);
    expect(source.body.polluted).toBeUndefined();
    const readBack = await t.call('GET', `/studio/api/sources/${source.body.id}`);
    expect(readBack.body.name).toBe(`after \u0000 💥 ${'n'.repeat(150)}`);
    const list = await t.call('GET', '/transformations');
    expect(list.status).toBe(200);
    const created = await t.call('POST', '/transformations', { name: 'after the sweep', code: CODE });
    expect(created.status).toBe(200);
    expect(created.body.polluted).toBeUndefined();
    const sandbox = await t.call('GET', '/studio/api/settings/sandbox');
    expect(Object.keys(sandbox.body).sort()).toEqual(['allowPrivateNetwork', 'geolocationUrl', 'memoryLimitMb', 'timeoutMs']);
    const deep = await t.call('POST', '/studio/api/test', `{"code":${JSON.stringify(CODE)},"events":[${deepObject(2_000)}]}`, { 'content-type': 'application/json' });
    expect(deep.status, deep.text.slice(0, 300)).toBeLessThan(500);
  });
});
