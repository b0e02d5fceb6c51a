import type { Node as AcornNode, Program } from 'acorn';
import type { CodeProblem } from '../code-analysis';
import { parseModule } from '../library-exports';
import { nearEventNames, nearNames, type EventFields } from './event-fields';

// Warnings on property paths of `event` that no captured event of the schema's sources carries:
// `event.propertis.total` ("did you mean properties?"), `event.properties.orderID`. Paths the
// code writes (assignment, delete, ++) are new fields, not typos; a property of a value that is
// not an object (`.length`, `.toLowerCase()`) is not a field.

interface Member extends AcornNode {
  type: 'MemberExpression';
  object: AcornNode;
  property: AcornNode & { name?: string; value?: unknown };
  computed: boolean;
}

/** One segment of an `event…` chain with the source range of its property. */
interface Segment {
  name: string;
  from: number;
  to: number;
}

const isMember = (node: AcornNode | undefined): node is Member => node?.type === 'MemberExpression';

/** Every node with its parent (acorn nodes: objects with a string `type`). */
function walk(node: AcornNode, visit: (node: AcornNode, parent: AcornNode | undefined) => void, parent?: AcornNode): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item && typeof item === 'object' && typeof (item as AcornNode).type === 'string') walk(item as AcornNode, visit, node);
    }
  }
}

/** The segments of `event.a.b[0].c` (rooted at `root`), or undefined when it is not such a chain. */
function chainOf(node: Member, root: string): Segment[] | undefined {
  const segments: Segment[] = [];
  let at: AcornNode = node;
  while (isMember(at)) {
    const p = at.property;
    if (!at.computed && p.type === 'Identifier') segments.unshift({ name: p.name!, from: p.start, to: p.end });
    else if (p.type === 'Literal' && typeof p.value === 'number') segments.unshift({ name: '[]', from: p.start, to: p.end });
    else if (p.type === 'Literal' && typeof p.value === 'string') segments.unshift({ name: p.value, from: p.start, to: p.end });
    else segments.length = 0; // a computed key: only what follows it is known, and not from the root
    at = at.object;
  }
  return at.type === 'Identifier' && (at as AcornNode & { name: string }).name === root && segments.length > 0 ? segments : undefined;
}

const written = (node: AcornNode, parent: AcornNode | undefined) =>
  (parent?.type === 'AssignmentExpression' && (parent as AcornNode & { left: AcornNode }).left === node) ||
  (parent?.type === 'UpdateExpression') ||
  (parent?.type === 'UnaryExpression' && (parent as AcornNode & { operator: string }).operator === 'delete');

const join = (parent: string, name: string) => (name === '[]' ? `${parent}[]` : parent ? `${parent}.${name}` : name);
const LEAF = new Set(['string', 'number', 'boolean', 'array', 'null']);

/** The first segment of a chain that no captured event has, with a problem for it (or none). */
function checkChain(segments: Segment[], fields: EventFields, scope: string, writes: Set<string>): CodeProblem | undefined {
  let path = '';
  for (const segment of segments) {
    const next = join(path, segment.name);
    if (writes.has(next)) return undefined; // the code sets this field itself
    if (fields.byPath.has(next)) {
      path = next;
      continue;
    }
    const parent = path ? fields.byPath.get(path) : undefined;
    // A property of a string, number, array…: a method or `.length`, not an event field.
    if (parent && Object.keys(parent.types).every((t) => LEAF.has(t))) return undefined;
    if (segment.name === '[]') return undefined;
    const near = nearNames(fields, path, segment.name);
    const shown = `event.${next.replace(/\[\]/g, '[0]')}`;
    const hint = near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
    return { from: segment.from, to: segment.to, severity: 'warning', message: `No captured event has ${shown} (${scope}).${hint}` };
  }
  return undefined;
}

const NAME_PATHS = new Set(['event', 'name']);
const COMPARE = new Set(['===', '==', '!==', '!=']);
interface Literal extends AcornNode { type: 'Literal'; value: unknown }
const stringLiteral = (node: AcornNode | null | undefined): node is Literal => node?.type === 'Literal' && typeof (node as Literal).value === 'string';
/** `event.event` or `event.name` (the fields that hold an event's name). */
const isNameRead = (node: AcornNode | undefined) => isMember(node) && NAME_PATHS.has((chainOf(node, 'event') ?? []).map((s) => s.name).join('.'));

/** String literals compared with an event's name: `event.event === '…'`, `case '…':` of `switch (event.event)`. */
function nameLiterals(node: AcornNode): Literal[] {
  if (node.type === 'BinaryExpression') {
    const b = node as AcornNode & { operator: string; left: AcornNode; right: AcornNode };
    if (!COMPARE.has(b.operator)) return [];
    if (isNameRead(b.left) && stringLiteral(b.right)) return [b.right];
    if (isNameRead(b.right) && stringLiteral(b.left)) return [b.left];
  }
  if (node.type === 'SwitchStatement') {
    const s = node as AcornNode & { discriminant: AcornNode; cases: { test: AcornNode | null }[] };
    if (isNameRead(s.discriminant)) return s.cases.flatMap((c) => (stringLiteral(c.test) ? [c.test] : []));
  }
  return [];
}

/** A name literal no captured event has, with "did you mean" when one is a typo away. */
function checkName(literal: Literal, fields: EventFields, scope: string): CodeProblem | undefined {
  const name = literal.value as string;
  if (fields.names.length === 0 || fields.names.some((n) => n.name === name)) return undefined;
  const near = nearEventNames(fields, name);
  const hint = near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
  return { from: literal.start, to: literal.end, severity: 'warning', message: `No captured event is named "${name}" (${scope}).${hint}` };
}

/** Warnings for `event…` paths, and event names compared with, that no captured event has; none when nothing was captured yet. */
export function eventPathProblems(code: string, fields: EventFields | undefined, program?: Program): CodeProblem[] {
  if (!fields || fields.totalEvents === 0) return [];
  let tree = program;
  if (!tree) {
    try {
      tree = parseModule(code);
    } catch {
      return []; // syntax errors are reported by the code analysis
    }
  }
  const scope = fields.scope.kind === 'connected' ? 'connected sources' : 'all sources';
  const reads: Segment[][] = [];
  const writes = new Set<string>();
  const names: Literal[] = [];
  walk(tree, (node, parent) => {
    names.push(...nameLiterals(node));
    if (!isMember(node) || (isMember(parent) && parent.object === node)) return; // outermost chains only
    const segments = chainOf(node, 'event');
    if (!segments) return;
    if (written(node, parent)) writes.add(segments.reduce((path, s) => join(path, s.name), ''));
    else reads.push(segments);
  });
  return [...reads.flatMap((segments) => checkChain(segments, fields, scope, writes) ?? []), ...names.flatMap((literal) => checkName(literal, fields, scope) ?? [])];
}
