import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWorkspaceFolder } from './folder-read';
import { ACTION_FIXTURE } from '../testing/workspace-cli';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-folder-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  return dir;
}
const problemsOf = (root: string, meta?: string): string => {
  try {
    readWorkspaceFolder(root, meta);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('read without problems');
};

describe('reading a repository folder (meta.json in the Action format)', () => {
  it('reads the Action layout: libraries by their import names, one test per input event with its expected output', () => {
    const content = readWorkspaceFolder(ACTION_FIXTURE, 'src/testdata/meta.json');
    expect(content.libraries.map((l) => [l.name, l.file])).toEqual([
      ['orderTotals', './src/testdata/lib_orderTotals.js'],
      ['shippingRegion', './src/testdata/lib_shippingRegion.js'],
    ]);
    const [t] = content.transformations;
    expect(t!.tests).toHaveLength(3);
    expect(t!.tests[1]!.event.messageId).toBe('m-2');
    expect(t!.tests[1]!.expected).toEqual([{ orderId: 'o-101', subtotal: 99.99, tax: 20, total: 119.99, region: 'APAC', country: 'JP' }]);
  });

  it('names every problem: invalid JSON, schema, paths outside the root, counts that do not add up', () => {
    expect(problemsOf(folder({ 'meta.json': '{"transformations": [' }))).toMatch(/^meta.json is not valid JSON/);
    expect(problemsOf(folder({ 'meta.json': '{"transformations": [{"name": "x"}]}' }))).toBe('meta.json: /transformations/0 must have required properties file');
    const message = problemsOf(
      folder({
        'meta.json': JSON.stringify({
          transformations: [
            { file: '../outside.js', name: 'A' },
            { file: 't.js', name: 'B', 'test-input-file': 'in.json', 'expected-output': 'out.json' },
            { file: 't.js', name: 'B' },
          ],
        }),
        't.js': 'export function transformEvent(e) { return e; }',
        'in.json': '[{"type":"track"},{"type":"track"}]',
        'out.json': '[{"type":"track"}]',
      }),
    );
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/^meta.json transformations\[0\] \("A"\) file: "..\/outside.js" is outside the repository root/),
      expect.stringMatching(/^out.json holds 1 outputs, but in.json's 2 events account for 2: give each event that is dropped or split its number of outputs in t.studio.json/),
      'meta.json transformations[2] ("B"): a second transformation named "B" (names must be unique)',
    ]);
  });
});
