import { describe, expect, it } from 'vitest';
import { LANES_ENV, MAX_LANES, PROCESSES_ENV, replayLanes, sandboxProcesses, spareCores } from './parallelism';

const budget = { memoryBudgetMb: 512, memoryLimitMb: 128 };

describe('sandbox processes: one setting, default cores - 1, bounded by the warm-memory budget', () => {
  it('default: the cores the core leaves, at least one', () => {
    expect(spareCores(1)).toBe(1);
    expect(spareCores(2)).toBe(1);
    expect(spareCores(8)).toBe(7);
    expect(sandboxProcesses(undefined, budget, {}, 3)).toBe(2);
  });

  it('the option, else the environment, else the default', () => {
    expect(sandboxProcesses(3, budget, { [PROCESSES_ENV]: '1' }, 2)).toBe(3);
    expect(sandboxProcesses(undefined, budget, { [PROCESSES_ENV]: '3' }, 2)).toBe(3);
    expect(sandboxProcesses(undefined, budget, { [PROCESSES_ENV]: ' ' }, 2)).toBe(1);
  });

  it('at most as many as the budget holds isolates of the memory limit, at least one', () => {
    expect(sandboxProcesses(undefined, budget, {}, 64)).toBe(4);
    expect(sandboxProcesses(8, { memoryBudgetMb: 192, memoryLimitMb: 64 }, {}, 2)).toBe(3);
    expect(sandboxProcesses(8, { memoryBudgetMb: 100, memoryLimitMb: 128 }, {}, 2)).toBe(1);
  });

  it('a value out of range says what to set', () => {
    for (const value of ['0', '17', '2.5', 'many']) {
      expect(() => sandboxProcesses(undefined, budget, { [PROCESSES_ENV]: value }, 2)).toThrow(`${PROCESSES_ENV} must be a whole number from 1 to 16 (sandbox processes), not "${value}"`);
    }
  });
});

describe('replay lanes: isolates of one side running its batches at once in a background process', () => {
  it('default: the cores per background process, from 1 to MAX_LANES', () => {
    expect(MAX_LANES).toBe(2);
    expect(replayLanes(undefined, 1, {}, 2)).toBe(2); // this machine: one background process, two cores
    expect(replayLanes(undefined, 1, {}, 1)).toBe(1);
    expect(replayLanes(undefined, 7, {}, 8)).toBe(1);
    expect(replayLanes(undefined, 2, {}, 8)).toBe(2);
  });

  it('the option, else the environment (a clear error out of range), else the default', () => {
    expect(replayLanes(2, 1, { [LANES_ENV]: '1' }, 2)).toBe(2);
    expect(replayLanes(undefined, 1, { [LANES_ENV]: '1' }, 2)).toBe(1);
    expect(() => replayLanes(undefined, 1, { [LANES_ENV]: '3' }, 2)).toThrow(`${LANES_ENV} must be a whole number from 1 to 2 (isolates of one side running replay batches at once), not "3"`);
    expect(() => replayLanes(undefined, 1, { [LANES_ENV]: 'two' }, 2)).toThrow(/not "two"/);
  });

  it('the option, within 1 to MAX_LANES', () => {
    expect(replayLanes(1, 1, {}, 8)).toBe(1);
    expect(replayLanes(5, 1, {}, 2)).toBe(2);
    expect(replayLanes(0, 1, {}, 2)).toBe(1);
    expect(replayLanes(1.5, 1, {}, 2)).toBe(1);
  });
});
