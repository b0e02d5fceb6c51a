import type { SchemaPath } from '../../../../shared/api/schema';

// The paths of one event as a tree: parents before children, siblings most frequent first.

export interface TreeRow {
  path: SchemaPath;
  /** Last segment: `total`, `[]` for array elements. */
  label: string;
  depth: number;
}

/** `a.b[].c` → `a.b[]` → `a.b` → `a` → undefined. */
export function parentPath(path: string): string | undefined {
  if (path.endsWith('[]')) return path.slice(0, -2) || undefined;
  const dot = path.lastIndexOf('.');
  return dot === -1 ? undefined : path.slice(0, dot);
}

const labelOf = (path: string, parent: string | undefined) => (parent === undefined ? path : path.slice(parent.length).replace(/^\./, ''));

/** Depth-first rows of the tree; with `search`, only matching paths and their ancestors. */
export function treeRows(paths: SchemaPath[], search = ''): TreeRow[] {
  const byPath = new Map(paths.map((p) => [p.path, p]));
  const children = new Map<string | undefined, SchemaPath[]>();
  for (const p of paths) {
    let parent = parentPath(p.path);
    while (parent !== undefined && !byPath.has(parent)) parent = parentPath(parent);
    const list = children.get(parent) ?? [];
    list.push(p);
    children.set(parent, list);
  }
  const needle = search.trim().toLowerCase();
  const keep = new Set<string>();
  if (needle) {
    for (const p of paths) {
      if (!p.path.toLowerCase().includes(needle)) continue;
      for (let at: string | undefined = p.path; at !== undefined; at = parentPath(at)) keep.add(at);
    }
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string | undefined, depth: number) => {
    const list = (children.get(parent) ?? []).slice().sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
    for (const p of list) {
      if (needle && !keep.has(p.path)) continue;
      rows.push({ path: p, label: labelOf(p.path, parent), depth });
      visit(p.path, depth + 1);
    }
  };
  visit(undefined, 0);
  return rows;
}

/** The Events page filter for events that carry the path (array elements: the first one). */
export function eventsWithPath(type: string, name: string, path: string): Record<string, string> | undefined {
  const where = path.replace(/\[\]/g, '[0]');
  if (!/^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[0\])*$/.test(where)) return undefined;
  return { type, ...(name ? { event: name } : {}), where: `${where} exists` };
}
