// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Artifact } from '../../api/artifacts';
import { filterAndSort } from './list-filter';

const item = (name: string, updatedAt: string, createdAt: string, description = ''): Artifact => ({
  kind: 'transformation', id: name, name, description, code: '', versionId: 'v', createdAt, updatedAt,
});
const items = [
  item('mask pii', '2026-01-03', '2026-01-01', 'hides e-mails'),
  item('Filter 10', '2026-01-01', '2026-01-02'),
  item('filter 9', '2026-01-02', '2026-01-03'),
];

describe('filterAndSort', () => {
  it('sorts by name (natural, case-insensitive), update and creation time', () => {
    expect(filterAndSort(items, '', 'name').map((i) => i.name)).toEqual(['filter 9', 'Filter 10', 'mask pii']);
    expect(filterAndSort(items, '', 'updated').map((i) => i.name)).toEqual(['mask pii', 'filter 9', 'Filter 10']);
    expect(filterAndSort(items, '', 'created').map((i) => i.name)).toEqual(['filter 9', 'Filter 10', 'mask pii']);
  });

  it('matches every word against name and description', () => {
    expect(filterAndSort(items, 'FILTER 1', 'name').map((i) => i.name)).toEqual(['Filter 10']);
    expect(filterAndSort(items, 'e-mails', 'name').map((i) => i.name)).toEqual(['mask pii']);
    expect(filterAndSort(items, 'zzz', 'name')).toEqual([]);
  });
});
