import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { copyFixture, studio } from '../testing/workspace-cli';

// `studio test` on a repository laid out as the transformation GitHub Action's src/testdata
// (meta.json at src/testdata/, paths relative to the repository root, two libraries, events.json
// and expected.json), with no server running: the CLI starts its own core on a temporary folder.
const dirs: string[] = [];
const fixture = () => {
  const dir = copyFixture();
  dirs.push(dir);
  return dir;
};
vi.setConfig({ testTimeout: 180_000 });
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const META = 'src/testdata/meta.json';

describe('studio test DIR (no server, no account)', () => {
  it('passes on the Action layout; one expected value changed exits 1 with the diff; JUnit lists each test', async () => {
    const repo = fixture();
    const ok = await studio(['test', '--meta', META], repo);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('PASS Order summary (src/testdata/code.js): 3 tests passed');

    const expectedFile = join(repo, 'src/testdata/expected.json');
    const expected = JSON.parse(readFileSync(expectedFile, 'utf8'));
    expected[1].total = 120;
    writeFileSync(expectedFile, JSON.stringify(expected, null, 2));
    const junit = join(repo, 'junit.xml');
    const bad = await studio(['test', repo, '--meta', join(repo, META), '--junit', junit]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('FAIL Order summary (src/testdata/code.js): 1 of 3 tests failed');
    expect(bad.stdout).toMatch(/✗ saved test event 2 \(messageId m-2\): output does not equal the expected output .*differs at \[0\]\.total/);
    // deep-object-diff's detailedDiff(expected, actual), the Action's artifact.
    expect(bad.stdout).toContain('"updated": {\n          "0": {\n            "total": 119.99\n          }\n        }');

    const xml = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);
    expect(parsed.testsuites['@_tests']).toBe('3');
    expect(parsed.testsuites['@_failures']).toBe('1');
    const [suite] = parsed.testsuites.testsuite;
    expect(suite['@_name']).toBe('Order summary');
    expect(suite.testcase.map((c: any) => [c['@_name'], c.failure ? 'failed' : 'passed'])).toEqual([
      ['saved test event 1', 'passed'],
      ['saved test event 2', 'failed'],
      ['saved test event 3', 'passed'],
    ]);
    expect(suite.testcase[1].failure['@_type']).toBe('expected-output');
    expect(suite.testcase[1].failure['#text']).toContain('"total": 119.99');
  });

  it('--json prints the same report as data', async () => {
    const repo = fixture();
    const run = await studio(['test', repo, '--meta', join(repo, META), '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ passed: true, total: 3, failed: 0 });
    expect(report.transformations[0]).toMatchObject({ name: 'Order summary', file: 'src/testdata/code.js', passed: true });
  });

  it('exit 2 for input errors, each named with what to fix; --help exits 0', async () => {
    const repo = fixture();
    const noMeta = await studio(['test', repo]);
    expect(noMeta.code).toBe(2);
    expect(noMeta.stderr).toContain('meta.json does not exist');

    const metaFile = join(repo, META);
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    meta.libraries[1].file = 'src/testdata/missing.js';
    meta.transformations[0].language = 'pythonfaas';
    writeFileSync(metaFile, JSON.stringify(meta));
    rmSync(join(repo, 'src/testdata/events.json'));
    const broken = await studio(['test', repo, '--meta', metaFile]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('libraries[1] ("shippingRegion") file: src/testdata/missing.js does not exist (paths are relative to the repository root');
    expect(broken.stderr).toContain('transformations[0] ("Order summary"): language "pythonfaas" cannot run in the studio (only "javascript")');
    expect(broken.stderr).toContain('test-input-file: ./src/testdata/events.json does not exist');

    for (const args of [['test', '--help'], ['--help'], ['init', '--help'], ['replay', '--help']]) {
      const help = await studio(args);
      expect(help.code, args.join(' ')).toBe(0);
      expect(help.stdout).toMatch(/usage: studio/);
    }
  });
});
