import type { SchemaField, SchemaFieldsResponse } from '../../../shared/api/schema';

// The learned schema as the editor uses it (pure): fields by path, the children of a path for
// completion after `event.<path>.`, and the nearest known names for "did you mean".

export interface EventFields {
  byPath: Map<string, SchemaField>;
  /** Children of a path ('' is the event itself), most frequent first. */
  children: Map<string, SchemaField[]>;
  /** Event names (track events, page/screen names), most frequent first. */
  names: { type: string; name: string; count: number }[];
  totalEvents: number;
  scope: SchemaFieldsResponse['scope'];
}

/** `properties.products[].sku` → `properties.products[]`; `properties.products[]` → `properties.products`. */
export function parentOf(path: string): string {
  if (path.endsWith('[]')) return path.slice(0, -2);
  const dot = path.lastIndexOf('.');
  return dot === -1 ? '' : path.slice(0, dot);
}

/** The last segment of a path (`sku`, or `[]` for array elements). */
export const lastSegment = (path: string) => (path.endsWith('[]') ? '[]' : path.slice(path.lastIndexOf('.') + 1));

export function indexFields(response: SchemaFieldsResponse): EventFields {
  const byPath = new Map<string, SchemaField>();
  const children = new Map<string, SchemaField[]>();
  for (const field of response.fields) {
    byPath.set(field.path, field);
    const parent = parentOf(field.path);
    const list = children.get(parent);
    if (list) list.push(field);
    else children.set(parent, [field]);
  }
  for (const list of children.values()) list.sort((a, b) => b.count - a.count);
  const names = response.events.filter((e) => e.name).sort((a, b) => b.count - a.count);
  return { byPath, children, names, totalEvents: response.totalEvents, scope: response.scope };
}

/**
 * Edit distance with two neighbours swapped counting as one edit (emial → email, as typed), and
 * case-insensitive letters counting half (orderID → orderId is near).
 */
function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      const cost = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.5 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Captured event names close to `name` (a typo away), nearest and most frequent first. */
export function nearEventNames(fields: EventFields, name: string): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  return fields.names
    .map((n) => ({ label: n.name, d: distance(name, n.name) }))
    .filter((c) => c.d > 0 && c.d <= limit)
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((c) => c.label);
}

/** Known names under `parent` close to `name` (a typo away), nearest and most frequent first. */
export function nearNames(fields: EventFields, parent: string, name: string): string[] {
  const limit = Math.max(1, Math.floor(name.length / 3));
  return (fields.children.get(parent) ?? [])
    .map((f) => ({ label: lastSegment(f.path), count: f.count }))
    .filter((c) => c.label !== '[]')
    .map((c) => ({ ...c, d: distance(name, c.label) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || b.count - a.count)
    .slice(0, 3)
    .map((c) => c.label);
}

/** What the editor says about where its schema comes from (source names: `scopeSources`). */
export function scopeText(fields: EventFields): string {
  const count = `${fields.totalEvents.toLocaleString()} captured events`;
  return fields.scope.kind === 'connected'
    ? `Event fields from ${count} of the connected sources: ${fields.scope.sources.map((s) => s.name).join(', ')}`
    : `Event fields from ${count} of all sources (no destination runs this transformation)`;
}

/** The sources of the schema, for a title. */
export const scopeSources = (fields: EventFields) => `Sources: ${fields.scope.sources.map((s) => s.name).join(', ') || 'none'}`;
