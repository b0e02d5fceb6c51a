import fc from 'fast-check';
import { HOSTILE_IDS, HOSTILE_VALUES, type Operation, type Schema } from './hostile-cases';

// fast-check arbitraries of whole HTTP requests derived from the OpenAPI document: bodies
// built from each operation's schema (valid-ish), then mutated; headers, query strings and
// path ids. Used by http/fuzz.test.ts.

export interface FuzzRequest {
  method: string;
  template: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  mutation: string;
}

type FullSchema = Schema & { const?: unknown; maxLength?: number; maximum?: number; additionalProperties?: unknown; format?: string };

/** One of the ids known when the value is drawn. */
const knownId = (ids: () => string[]) => fc.nat().map((n) => {
  const all = ids();
  return all.length ? all[n % all.length]! : 'none';
});

const CODE = 'export function transformEvent(event) { return event; }';
const words = fc.constantFrom('x', 'track', 'identify', 'Order Completed', CODE, 'capture', 'webhook', 'http://127.0.0.1:9/x', '2024-01-02T03:04:05Z', '');

/** Valid-ish values of a schema (depth-limited), mixing random values with plausible ones and known ids. */
export function valueOf(schema: FullSchema | undefined, ids: () => string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valueOf(s as FullSchema, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }) },
        { weight: 2, arbitrary: words },
        { weight: 1, arbitrary: knownId(ids) },
      );
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -10, -1e6), max: Math.min(schema.maximum ?? 10_000, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueOf(schema.items as FullSchema, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const props = schema.properties ?? {};
      if (!Object.keys(props).length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) record[key] = valueOf(sub as FullSchema, ids, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => k in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One mutation of a valid-ish body: none, a field replaced/removed/added, or the text broken. */
function mutated(value: unknown): fc.Arbitrary<{ text: string | Buffer | undefined; mutation: string }> {
  const valid = JSON.stringify(value);
  const keys = value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  const withKey = (key: string, v: unknown) => JSON.stringify({ ...(value as object), [key]: v });
  const options: fc.Arbitrary<{ text: string | Buffer | undefined; mutation: string }>[] = [
    fc.constant({ text: valid, mutation: 'valid-ish' }),
    fc.constant({ text: valid, mutation: 'valid-ish' }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v), mutation: 'random JSON' })),
    fc.nat({ max: Math.max(valid.length - 1, 0) }).map((i) => ({ text: valid.slice(0, i), mutation: `truncated at ${i}` })),
    fc.tuple(fc.nat({ max: valid.length }), fc.constantFrom('"', '{', '}', ',', ':', '\\', '\u0000', ']')).map(([i, c]) => ({
      text: valid.slice(0, i) + c + valid.slice(i),
      mutation: `inserted ${JSON.stringify(c)} at ${i}`,
    })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ text: Buffer.from(bytes), mutation: 'random bytes' })),
    fc.constant({ text: undefined, mutation: 'no body' }),
    fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom(...HOSTILE_VALUES.filter((v) => v.length < 200))).map(([k, raw]) => ({
      text: valid.startsWith('{') && valid.length > 2 ? `${valid.slice(0, -1)},${JSON.stringify(k)}:${raw}}` : `{${JSON.stringify(k)}:${raw}}`,
      mutation: `unknown key ${JSON.stringify(k)} = ${raw.slice(0, 20)}`,
    })),
  ];
  if (keys.length) {
    options.push(
      fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => ({ text: withKey(k, v), mutation: `${k} := ${JSON.stringify(v).slice(0, 40)}` })),
      fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...HOSTILE_VALUES.filter((v) => v.length < 200))).map(([k, raw]) => ({
        text: JSON.stringify({ ...(value as object), [k]: '@@V@@' }).replace('"@@V@@"', () => raw),
        mutation: `${k} := ${raw.slice(0, 30)}`,
      })),
      fc.constantFrom(...keys).map((k) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[k];
        return { text: JSON.stringify(copy), mutation: `without ${k}` };
      }),
    );
  }
  return fc.oneof(...options);
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/json; charset=latin1',
  'application/octet-stream',
  '',
  'application/json; boundary=x',
);

/** Headers: mostly a valid Authorization, sometimes odd encodings, garbage or a wrong Host. */
function headersFor(auth: string, host: string): fc.Arbitrary<Record<string, string>> {
  const printable = fc.string({ unit: fc.constantFrom(...'abcXYZ019 -_.,;=:/+%'.split('')), maxLength: 30 });
  return fc
    .record(
      {
        authorization: fc.oneof({ weight: 8, arbitrary: fc.constant(auth) }, { weight: 1, arbitrary: printable.map((s) => `Basic ${Buffer.from(s).toString('base64')}`) }, { weight: 1, arbitrary: printable }),
        'content-type': contentTypes,
        'content-encoding': fc.option(fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown'), { freq: 6, nil: '' }),
        accept: fc.constantFrom('application/json', '*/*', 'text/html', 'application/x-ndjson'),
        'x-fuzz': printable,
        host: fc.oneof({ weight: 12, arbitrary: fc.constant(host) }, { weight: 1, arbitrary: fc.constantFrom('evil.example', 'localhost:1', '') }),
      },
      { requiredKeys: ['authorization', 'host', 'content-type'] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([k, v]) => (v !== '' || k === 'host'))) as Record<string, string>);
}

/** JSON-path conditions: mostly well formed, with odd paths, operators and values. */
const whereClause = fc
  .array(
    fc.tuple(
      fc.constantFrom('properties.revenue', 'context.library.name', 'type', 'event', 'properties["a b"]', 'properties.x.y.z', '', 'a..b', 'properties[0]', '$'),
      fc.constantFrom('=', '!=', '>', '<', '>=', '<=', 'contains', 'exists', 'in', '~', '=='),
      fc.oneof(fc.integer().map(String), fc.string({ maxLength: 8 }).map((v) => JSON.stringify(v)), fc.constantFrom('null', 'true', '1e999', '"', '(', ')', '[1,2]')),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .chain((parts) =>
    fc.array(fc.constantFrom(' and ', ' or ', ' AND ', ' && ', ' '), { minLength: parts.length, maxLength: parts.length }).map((joins) =>
      parts.map(([path, op, value], i) => `${i ? joins[i] : ''}${path} ${op} ${value}`).join(''),
    ),
  );

const queryValue = (param: Operation['params'][number], ids: () => string[]) =>
  fc.oneof(
    ...(param.name === 'where' ? [{ weight: 4, arbitrary: whereClause }] : []),
    fc.string({ maxLength: 20 }),
    fc.integer({ min: -5, max: 2_000 }).map(String),
    fc.constantFrom('true', 'false', '1e309', 'NaN', 'type = "track"', 'properties.revenue > 100', '2024-01-02T03:04:05Z', ...(param.schema.enum ?? []).map(String)),
    knownId(ids),
  );

/**
 * Percent-encoding of any drawn string: a lone surrogate (which encodeURIComponent refuses with
 * URIError) becomes U+FFFD first. Malformed escapes reach the server through HOSTILE_IDS and the
 * raw query strings instead.
 */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** A whole request for one operation. `ids` gives the known ids of the data folder at draw time. */
export function requestFor(op: Operation, options: { auth: string; host: string; ids: () => string[] }): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map(() =>
      fc.oneof(
        { weight: 4, arbitrary: knownId(options.ids).map(encode) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 30 }).map(encode) },
        { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
      ),
    ),
  );
  const queryRecord: Record<string, fc.Arbitrary<string>> = {};
  for (const param of queryParams) queryRecord[param.name] = queryValue(param, options.ids);
  const queryArb = fc.tuple(
    fc.oneof({ weight: 2, arbitrary: fc.constant({} as Record<string, string>) }, { weight: 3, arbitrary: fc.record(queryRecord, { requiredKeys: [] }) }),
    fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('%zz=%', '&&=&', 'x=1&x=2', `q=${'q'.repeat(3000)}`) }),
  );
  const bodyArb = op.body
    ? valueOf(op.body as FullSchema, options.ids).chain((value) => mutated(value))
    : fc.constantFrom({ text: undefined, mutation: 'no body' }, { text: '{}', mutation: 'unexpected body' });
  return fc.tuple(pathArb, queryArb, bodyArb, headersFor(options.auth, options.host)).map(([pathValues, [query, raw], body, headers]) => {
    let i = 0;
    const path = op.template.replace(/\{\w+\}/g, () => String(pathValues[i++] ?? 'x'));
    const search = [...Object.entries(query).map(([k, v]) => `${k}=${encode(String(v))}`), ...(raw ? [raw] : [])].join('&');
    const out: FuzzRequest = { method: op.method, template: op.template, path: search ? `${path}?${search}` : path, headers: { ...headers }, mutation: body.mutation };
    if (body.text !== undefined) {
      out.body = body.text;
      out.headers['content-length'] = String(Buffer.byteLength(body.text));
    } else {
      delete out.headers['content-encoding'];
    }
    return out;
  });
}
