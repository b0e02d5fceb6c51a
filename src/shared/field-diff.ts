// Field-level differences between two JSON values (outputs of two versions, output vs expected).

export type FieldChangeKind = 'added' | 'removed' | 'changed';

export interface FieldChange {
  /** Dotted path of the field, e.g. "context.traits.email" ("" for the whole value). */
  path: string;
  kind: FieldChangeKind;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Structural equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * Paths that differ from `before` to `after`: objects are walked key by key; arrays and
 * scalars are compared as whole values. At most `limit` changes are returned.
 */
export function fieldChanges(before: unknown, after: unknown, limit = 200, prefix = ''): FieldChange[] {
  const out: FieldChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length >= limit) return;
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of Object.keys(a)) {
        const p = path ? `${path}.${key}` : key;
        if (!Object.prototype.hasOwnProperty.call(b, key)) out.push({ path: p, kind: 'removed' });
        else walk(a[key], b[key], p);
        if (out.length >= limit) return;
      }
      for (const key of Object.keys(b)) {
        if (!Object.prototype.hasOwnProperty.call(a, key)) out.push({ path: path ? `${path}.${key}` : key, kind: 'added' });
        if (out.length >= limit) return;
      }
      return;
    }
    if (!jsonEqual(a, b)) out.push({ path, kind: 'changed' });
  };
  walk(before, after, prefix);
  return out;
}
