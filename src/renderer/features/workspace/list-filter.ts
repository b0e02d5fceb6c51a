import type { Artifact } from '../../api/artifacts';

export type SortOrder = 'name' | 'updated' | 'created';

export const SORT_LABELS: Record<SortOrder, string> = {
  name: 'Name (A–Z)',
  updated: 'Recently updated',
  created: 'Recently created',
};

/** Items whose name, description or import name contain every word of `query`, sorted. */
export function filterAndSort(items: Artifact[], query: string, sort: SortOrder): Artifact[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = items.filter((item) => {
    const text = `${item.name} ${item.description} ${item.importName ?? ''}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  const byName = (a: Artifact, b: Artifact) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  return matching.sort((a, b) => {
    if (sort === 'updated') return b.updatedAt.localeCompare(a.updatedAt) || byName(a, b);
    if (sort === 'created') return b.createdAt.localeCompare(a.createdAt) || byName(a, b);
    return byName(a, b);
  });
}
