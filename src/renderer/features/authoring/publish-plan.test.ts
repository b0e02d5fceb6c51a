// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { importedLibraryLabel } from './publish-plan';

describe('importedLibraryLabel', () => {
  const libraries = [
    { name: 'Event Utils', importName: 'eventUtils', publishedVersionId: null },
    { name: 'Geo', importName: 'geo', publishedVersionId: 'v7' },
  ];
  it('names the version the publish tests run with: the published one, else the latest', () => {
    expect(importedLibraryLabel('geo', libraries)).toBe('Geo (its published version)');
    expect(importedLibraryLabel('eventUtils', libraries)).toBe('Event Utils (its latest version: not published yet)');
    expect(importedLibraryLabel('missing', libraries)).toBe('missing (not found)');
  });
});
