// Hostile requests generated from the OpenAPI document (used by http/hostile-input.test.ts).
// Every operation gets malformed and mistyped bodies, bad path params and query strings,
// wrong Content-Types and prototype-pollution keys; new routes are covered automatically.

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  minLength?: number;
  minimum?: number;
}

export interface Operation {
  method: string;
  /** OpenAPI path template, e.g. /transformations/{id}. */
  template: string;
  params: { name: string; in: string; schema: Schema }[];
  body?: Schema;
}

export interface HostileCase {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Leaf field name of a body property case. */
  field?: string;
  /** The value has a JSON type the field does not accept: a 400 naming the field is due. */
  wrongType?: boolean;
}

/** Nesting a JSON parser accepts but naive recursive code does not. */
export const DEEP_LEVELS = 10_000;
export const deepObject = (levels = DEEP_LEVELS) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
export const deepArray = (levels = DEEP_LEVELS) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
export const POLLUTION = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}';

/** JSON texts put in place of one property's value. */
export const HOSTILE_VALUES: string[] = [
  '123',
  '-1',
  '1.5',
  '1e308',
  '-1e308',
  '1e400',
  '9007199254740993',
  'true',
  'null',
  '""',
  JSON.stringify('x'.repeat(100_000)),
  '"\\u0000nul\\u0000"',
  '"\\ud800 lone surrogate \\udfff"',
  '"💥 ‮ \\u2028 ﷽"',
  '{}',
  '[]',
  '[null, 1, "x"]',
  deepObject(),
  deepArray(),
  `{${POLLUTION}}`,
];

export function operations(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [template, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        template,
        params: (op.parameters ?? []) as Operation['params'],
        body: op.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      });
    }
  }
  return ops;
}

const typeOf = (s: Schema | undefined): string | undefined => {
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  return s.anyOf?.map(typeOf).find((t) => t && t !== 'null');
};

/** A minimal valid value of a schema (required fields only). */
export function sample(schema: Schema | undefined, seed: string): unknown {
  if (!schema) return {};
  if (schema.enum?.length) return schema.enum[0];
  const firstEnum = schema.anyOf?.find((s) => s.enum?.length)?.enum?.[0];
  if (firstEnum !== undefined) return firstEnum;
  switch (typeOf(schema)) {
    case 'string':
      return `${seed}`;
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key], `${seed}-${key}`);
      return out;
    }
    default:
      return {};
  }
}

/** JSON types a schema accepts (undefined: any). */
export function acceptedTypes(schema: Schema): Set<string> | undefined {
  const types = new Set<string>();
  const add = (s: Schema): boolean => {
    if (s.anyOf) return s.anyOf.every(add);
    if (s.enum) {
      for (const v of s.enum) types.add(v === null ? 'null' : typeof v);
      return true;
    }
    if (!s.type) return false;
    for (const t of Array.isArray(s.type) ? s.type : [s.type]) types.add(t === 'integer' ? 'number' : t);
    return true;
  };
  return add(schema) ? types : undefined;
}

const jsonTypes = new Map<string, string>();

/** JSON type of a JSON text (remembered: the sweep asks it of each hostile value for every field). */
export function jsonType(text: string): string {
  let type = jsonTypes.get(text);
  if (type === undefined) {
    const value: unknown = JSON.parse(text);
    type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    jsonTypes.set(text, type);
  }
  return type;
}

/** Property paths of a body schema: `name`, `libraries.0.code`, ... (depth-limited), with their schema. */
export function fieldPaths(schema: Schema | undefined, prefix: string[] = [], depth = 0): { path: string[]; schema: Schema }[] {
  if (!schema || depth > 3) return [];
  const out: { path: string[]; schema: Schema }[] = [];
  const t = typeOf(schema);
  if (t === 'object' && schema.properties) {
    for (const [key, sub] of Object.entries(schema.properties)) {
      out.push({ path: [...prefix, key], schema: sub });
      out.push(...fieldPaths(sub, [...prefix, key], depth + 1));
    }
  } else if (t === 'array' && schema.items) {
    if (typeOf(schema.items) === 'object') out.push(...fieldPaths(schema.items, [...prefix, '0'], depth + 1));
  }
  return out;
}

/** The base body with the value at `path` replaced by a raw JSON text. */
export function withRawValue(base: unknown, schema: Schema | undefined, path: string[], rawValue: string): string {
  const MARK = '"@@HOSTILE-VALUE@@"';
  const root = structuredClone(base) as Record<string, unknown>;
  let node: any = root;
  let sub: Schema | undefined = schema;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    sub = typeOf(sub) === 'array' ? sub?.items : sub?.properties?.[key];
    if (node[key] === undefined || node[key] === null) node[key] = key === '0' || typeOf(sub) === 'array' ? [] : {};
    if (Array.isArray(node[key]) && path[i + 1] === '0' && node[key].length === 0) {
      node[key].push(sample(typeOf(sub) === 'array' ? sub?.items : sub, 'item'));
    }
    node = node[key];
  }
  node[path[path.length - 1]!] = '@@HOSTILE-VALUE@@';
  return JSON.stringify(root).replace(MARK, () => rawValue);
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Bodies that are wrong as a whole, whatever the operation. */
export function wholeBodyCases(base: unknown): { label: string; headers: Record<string, string>; body?: string | Buffer }[] {
  const valid = JSON.stringify(base);
  const inner = valid.slice(1, -1);
  const join = (extra: string) => `{${inner}${inner ? ',' : ''}${extra}}`;
  return [
    { label: 'malformed JSON (truncated)', headers: JSON_TYPE, body: valid.slice(0, -1) || '{' },
    { label: 'malformed JSON (single quotes)', headers: JSON_TYPE, body: "{'name': 'x'}" },
    { label: 'malformed JSON (trailing comma)', headers: JSON_TYPE, body: join('"zz":1,') },
    { label: 'malformed JSON (NaN)', headers: JSON_TYPE, body: 'NaN' },
    { label: 'malformed JSON (NUL byte)', headers: JSON_TYPE, body: '\u0000' },
    { label: 'invalid UTF-8', headers: JSON_TYPE, body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    { label: 'top-level array', headers: JSON_TYPE, body: '[]' },
    { label: 'top-level array of the body', headers: JSON_TYPE, body: `[${valid}]` },
    { label: 'top-level string', headers: JSON_TYPE, body: '"x"' },
    { label: 'top-level number', headers: JSON_TYPE, body: '42' },
    { label: 'top-level null', headers: JSON_TYPE, body: 'null' },
    { label: 'top-level true', headers: JSON_TYPE, body: 'true' },
    { label: 'empty body with JSON type', headers: JSON_TYPE, body: '' },
    { label: 'whitespace body', headers: JSON_TYPE, body: '  \n ' },
    { label: 'no body, no type', headers: {} },
    { label: 'text/plain', headers: { 'content-type': 'text/plain' }, body: valid },
    { label: 'form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&code=y' },
    { label: 'multipart', headers: { 'content-type': 'multipart/form-data; boundary=zz' }, body: '--zz\r\n\r\nx\r\n--zz--' },
    { label: 'xml', headers: { 'content-type': 'application/xml' }, body: '<name>x</name>' },
    { label: 'JSON with odd charset', headers: { 'content-type': 'application/json; charset=utf-16' }, body: valid },
    { label: 'duplicate keys', headers: JSON_TYPE, body: `{${inner}${inner ? ',' : ''}${inner || '"a":1,"a":2'}}` },
    { label: 'unknown field', headers: JSON_TYPE, body: join('"zzUnknown":1') },
    { label: '__proto__ / constructor keys', headers: JSON_TYPE, body: join(POLLUTION) },
    { label: 'deep unknown field', headers: JSON_TYPE, body: join(`"zzDeep":${deepObject()}`) },
    { label: 'deep array body', headers: JSON_TYPE, body: deepArray() },
  ];
}

/** Path parameter values no resource has. */
export const HOSTILE_IDS: string[] = [
  'does-not-exist',
  '0',
  '-1',
  'x'.repeat(5_000),
  '%00',
  'a%00b',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  encodeURIComponent('💥\u202e'),
  '%ff%fe',
  '%',
  encodeURIComponent("' OR 1=1 --"),
  '__proto__',
  'constructor',
];

/** Query values put in place of each declared query parameter. */
export const HOSTILE_QUERY_VALUES: string[] = [
  '-1',
  'NaN',
  '1e309',
  '99999999999999999999999',
  '1.5',
  '',
  'maybe',
  'x'.repeat(5_000),
  '%00',
  '%ff',
  '__proto__',
];
