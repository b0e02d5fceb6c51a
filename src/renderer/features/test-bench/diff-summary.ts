import { create, type Delta } from 'jsondiffpatch';

/** One field that differs between an input event and its output. */
export interface FieldChange {
  /** Dotted path with [index] for array items, e.g. `context.traits.email`, `properties.products[1]`. */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const differ = create({ arrays: { detectMove: false } });

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every leaf (a primitive, or an empty object or array) of `value` with its path. */
export function leaves(value: unknown, path = '', out: Array<{ path: string; value: unknown }> = []): Array<{ path: string; value: unknown }> {
  if (Array.isArray(value) && value.length > 0) value.forEach((item, i) => leaves(item, `${path}[${i}]`, out));
  else if (isObject(value) && Object.keys(value).length > 0) for (const [key, item] of Object.entries(value)) leaves(item, join(path, key), out);
  else out.push({ path, value });
  return out;
}

function walk(delta: unknown, path: string, out: FieldChange[]): void {
  if (Array.isArray(delta)) {
    // A whole object or array added or removed reads field by field, element by element.
    if (delta.length === 1) for (const leaf of leaves(delta[0], path)) out.push({ path: leaf.path, kind: 'added', after: leaf.value });
    else if (delta.length === 2) out.push({ path, kind: 'changed', before: delta[0], after: delta[1] });
    else if (delta.length === 3 && delta[2] === 0) for (const leaf of leaves(delta[0], path)) out.push({ path: leaf.path, kind: 'removed', before: leaf.value });
    return;
  }
  if (!isObject(delta)) return;
  if (delta._t === 'a') {
    const entries = Object.entries(delta).filter(([k]) => k !== '_t');
    const removed = entries.filter(([k]) => k.startsWith('_')).map(([k, v]) => [Number(k.slice(1)), v] as const);
    const rest = entries.filter(([k]) => !k.startsWith('_')).map(([k, v]) => [Number(k), v] as const);
    // A removal and an insertion at the same index read best as one change of that item.
    for (const [index, value] of rest.sort((a, b) => a[0] - b[0])) {
      const itemPath = `${path}[${index}]`;
      const removal = removed.findIndex(([i]) => i === index);
      if (Array.isArray(value) && value.length === 1 && removal !== -1) {
        const [, old] = removed.splice(removal, 1)[0]!;
        out.push({ path: itemPath, kind: 'changed', before: (old as unknown[])[0], after: value[0] });
      } else walk(value, itemPath, out);
    }
    for (const [index, value] of removed.sort((a, b) => a[0] - b[0])) walk(value, `${path}[${index}]`, out);
    return;
  }
  for (const [key, value] of Object.entries(delta)) walk(value, join(path, key), out);
}

/** The fields added, removed and changed from `before` to `after`, in document order. */
export function summariseDiff(before: unknown, after: unknown): FieldChange[] {
  const delta: Delta = differ.diff(before, after);
  if (!delta) return [];
  const out: FieldChange[] = [];
  walk(delta, '', out);
  return out;
}

export function countChanges(changes: FieldChange[]): Record<FieldChange['kind'], number> {
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const change of changes) counts[change.kind] += 1;
  return counts;
}

/** Leaf fields with the same value before and after (shown collapsed beside the changes). */
export function unchangedFields(before: unknown, after: unknown): Array<{ path: string; value: unknown }> {
  const afterLeaves = new Map(leaves(after).map((leaf) => [leaf.path, JSON.stringify(leaf.value)]));
  return leaves(before).filter((leaf) => afterLeaves.get(leaf.path) === JSON.stringify(leaf.value));
}
