import fc from 'fast-check';
import { MAX_CALL_BYTES } from '../collect/limits';

// Events generated from the learned schema (issue 41): every path with the JSON types seen there
// (conflicts included), plus what real traffic sends next: the field missing, null, '', 0,
// negative and huge numbers, long and non-ASCII strings, arrays where objects were seen. Each
// event stays within the event API's size limit. fast-check shrinks them: a missing field first,
// then smaller values.

/** What the generator needs of one event shape of the schema (SchemaEvent). */
export interface EventShape {
  type: string;
  name: string;
  count: number;
  paths: { path: string; types: Record<string, number>; samples: string[] }[];
}

interface Node {
  types: Record<string, number>;
  samples: unknown[];
  children: Map<string, Node>;
  items?: Node;
}

const LONG_MIN = 1_000;
const LONG_MAX = 6_000;
const MAX_ARRAY = 3;
const HUGE = [1e21, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-7];
const NON_ASCII = ['Zoë', 'Ünïcödé ✓', '東京', '🚀 launch', 'שלום', '\u0000\u001f', 'e\u0301'];

const newNode = (): Node => ({ types: {}, samples: [], children: new Map() });

const parseSample = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // a sample cut at 120 characters
  }
};

/** The paths of one shape as a tree: `a.b[].c` is child c of the items of child b of child a. */
export function shapeTree(shape: EventShape): Node {
  const root = newNode();
  root.types = { object: shape.count };
  for (const { path, types, samples } of shape.paths) {
    let node = root;
    for (const segment of path.split('.')) {
      const key = segment.replace(/(\[\])+$/, '');
      let child = node.children.get(key);
      if (!child) node.children.set(key, (child = newNode()));
      node = child;
      for (let depth = (segment.length - key.length) / 2; depth > 0; depth--) node = node.items ??= newNode();
    }
    node.types = types;
    node.samples = samples.map(parseSample).filter((value) => value !== undefined && value !== null);
  }
  return root;
}

const samplesOf = <T>(node: Node, kind: string) => node.samples.filter((value) => typeof value === kind) as T[];

function stringArbitrary(node: Node): fc.Arbitrary<string> {
  const samples = samplesOf<string>(node, 'string');
  // Cross-shrinking to the first option: a failing string shrinks to '' when '' fails the same way.
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 1, arbitrary: fc.constant('') },
    ...(samples.length ? [{ weight: 6, arbitrary: fc.constantFrom(...samples) }] : []),
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom(...NON_ASCII) },
    { weight: 1, arbitrary: fc.integer({ min: LONG_MIN, max: LONG_MAX }).map((n) => 'ä'.repeat(n)) },
  );
}

function numberArbitrary(node: Node): fc.Arbitrary<number> {
  const samples = samplesOf<number>(node, 'number');
  return fc.oneof(
    { withCrossShrink: true },
    { weight: 1, arbitrary: fc.constant(0) },
    ...(samples.length ? [{ weight: 6, arbitrary: fc.constantFrom(...samples) }] : []),
    { weight: 2, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)) },
    { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
  );
}

/** Values of one node: each type seen (weighted by how often), null, and an array where an object was seen. */
function valueArbitrary(node: Node, depth: number): fc.Arbitrary<unknown> {
  const options: fc.WeightedArbitrary<unknown>[] = [];
  const seen = Object.entries(node.types).filter(([, n]) => n > 0);
  const total = seen.reduce((sum, [, n]) => sum + n, 0) || 1;
  // Every type seen gets a fair share, however rare (a conflict of 2 in 64 is what fuzzing is for).
  const weightOf = (n: number) => Math.max(2, Math.round((10 * n) / total));
  for (const [type, n] of seen) {
    const weight = weightOf(n);
    if (type === 'string') options.push({ weight, arbitrary: stringArbitrary(node) });
    else if (type === 'number') options.push({ weight, arbitrary: numberArbitrary(node) });
    else if (type === 'boolean') options.push({ weight, arbitrary: fc.boolean() });
    else if (type === 'object') options.push({ weight, arbitrary: objectArbitrary(node, depth) });
    else if (type === 'array') options.push({ weight, arbitrary: fc.array(node.items && depth < 8 ? valueArbitrary(node.items, depth + 1) : fc.string({ maxLength: 8 }), { maxLength: MAX_ARRAY }) });
  }
  options.push({ weight: 1, arbitrary: fc.constant(null) });
  if (node.types.object && !node.types.array) options.push({ weight: 1, arbitrary: fc.array(objectArbitrary(node, depth), { maxLength: 2 }) });
  return fc.oneof(...options);
}

function objectArbitrary(node: Node, depth: number): fc.Arbitrary<Record<string, unknown>> {
  if (node.children.size === 0 || depth >= 8) return fc.constant({});
  const model = Object.fromEntries([...node.children].map(([key, child]) => [key, valueArbitrary(child, depth + 1)]));
  return fc.record(model, { requiredKeys: [] });
}

/** Events of one shape: its type (and event name) always, every other field as the schema says. */
export function shapeArbitrary(shape: EventShape): fc.Arbitrary<Record<string, unknown>> {
  const tree = shapeTree(shape);
  const fixed: Record<string, unknown> = { type: shape.type };
  if (shape.type === 'track' && shape.name) fixed.event = shape.name;
  else if ((shape.type === 'page' || shape.type === 'screen') && shape.name) fixed.name = shape.name;
  for (const key of Object.keys(fixed)) tree.children.delete(key);
  return objectArbitrary(tree, 0).map((rest) => ({ ...fixed, ...rest }));
}

const withinLimit = (event: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(event)) <= MAX_CALL_BYTES;

/**
 * Events of every shape, each shape as often as the square root of its count (rare events still
 * come up), within the event API's size limit of one call.
 */
export function eventArbitrary(shapes: EventShape[]): fc.Arbitrary<Record<string, unknown>> {
  if (shapes.length === 0) throw new Error('no event shapes to generate from');
  return fc.oneof(...shapes.map((shape) => ({ weight: Math.max(1, Math.round(Math.sqrt(shape.count))), arbitrary: shapeArbitrary(shape) }))).filter(withinLimit);
}
