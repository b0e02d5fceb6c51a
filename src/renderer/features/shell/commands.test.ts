import { describe, expect, it } from 'vitest';
import { filterCommands, type Command } from './commands';

const command = (id: string, label: string, group: Command['group'] = 'Action'): Command => ({ id, label, group, run: () => undefined });
const LIST = [
  command('run', 'Run test'),
  command('run-saved', 'Run saved tests (as saving and publishing will)'),
  command('replay', 'Replay (runs, comparisons)', 'Go to'),
  command('new-replay', 'New replay run…'),
  command('t:1', 'Transformation: Order pipeline', 'Open'),
  command('t:2', 'Transformation: Page views', 'Open'),
  command('theme-dark', 'Theme: dark'),
];
const labels = (query: string, recent: string[] = []) => filterCommands(LIST, query, recent).map((s) => s.command.label);

describe('the palette filter', () => {
  it('matches fuzzily: letters in order, across words', () => {
    expect(labels('ordpip')).toEqual(['Transformation: Order pipeline']);
    expect(labels('thdark')).toEqual(['Theme: dark']);
    expect(labels('zzz')).toEqual([]);
  });

  it('takes words apart as terms that must all match', () => {
    expect(labels('test run')[0]).toBe('Run test');
    expect(labels('saved run')).toEqual(['Run saved tests (as saving and publishing will)']);
  });

  it('puts the best match first, and among equals the recent one, then the one matching earlier', () => {
    expect(labels('replay')[0]).toBe('Replay (runs, comparisons)');
    expect(labels('replay', ['new-replay'])[0]).toBe('New replay run…');
  });

  it('lists recent commands first when nothing is typed, newest first, then the list', () => {
    expect(labels('', ['t:2', 'theme-dark']).slice(0, 3)).toEqual(['Transformation: Page views', 'Theme: dark', 'Run test']);
    expect(labels('')).toEqual(LIST.map((c) => c.label));
  });

  it('says which letters matched', () => {
    const [hit] = filterCommands(LIST, 'ordpip');
    const label = hit!.command.label;
    expect([...hit!.positions].sort((a, b) => a - b).map((i) => label[i]).join('')).toBe('Ordpip');
  });
});
