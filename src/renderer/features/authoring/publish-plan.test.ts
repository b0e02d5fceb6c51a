// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { failingEvents, importedLibraryLabel } from './publish-plan';

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

describe('failingEvents', () => {
  const events = [{ messageId: 'a' }, { messageId: 'b' }, { event: 'no id' }];
  it('counts events, not errors: two failed checks of one event are one failing event', () => {
    const [t] = failingEvents(
      [{ type: 'transformation', name: 'T', passed: false, errors: [
        { messageId: 'b', error: 'saved test event 2: check failed: "x" should exist' },
        { messageId: 'b', error: 'saved test event 2: check failed: "y" should exist' },
        { error: 'saved test event 3: threw: boom' },
      ] }],
      events,
    );
    expect(t!.events.map((e) => [e.position, e.errors.length])).toEqual([[2, 2], [3, 1]]);
    expect(t!.events[1]!.input).toEqual({ event: 'no id' });
  });
});
