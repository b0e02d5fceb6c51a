import { describe, expect, it } from 'vitest';
import { groupLogs } from './log-groups';

describe('groupLogs', () => {
  it('puts each line under the event that wrote it and keeps the rest apart, in order', () => {
    const groups = groupLogs(['Log: top', 'Log: a1', 'Log: b1', 'Log: a2', 'Log: late'], [-1, 0, 1, 0, -1], 2);
    expect([...groups.byEvent.entries()]).toEqual([
      [0, ['Log: a1', 'Log: a2']],
      [1, ['Log: b1']],
    ]);
    expect(groups.batch).toEqual(['Log: top', 'Log: late']);
  });

  it('treats every line as batch-level without owners, and out-of-range owners as batch-level', () => {
    expect(groupLogs(['Log: x', 'Log: y'], undefined, 3)).toEqual({ byEvent: new Map(), batch: ['Log: x', 'Log: y'] });
    expect(groupLogs(['Log: x', 'Log: y'], [5, 1.5], 3).batch).toEqual(['Log: x', 'Log: y']);
  });
});
