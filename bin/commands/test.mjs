// studio test [DIR] [--meta FILE] [--junit FILE] [--json]: a repository folder's tests with no
// server and no account (docs/workspace.md). An embedded core on a temporary data folder opens
// the folder and runs every transformation's tests through the same runner and gate as publish.
import { writeFileSync } from 'node:fs';
import { folderOf, openFolder } from '../lib/open-folder.mjs';
import { buildReport, junitXml, printReport } from '../lib/test-report.mjs';

export const TEST_USAGE = `usage: studio test [DIR] [--meta FILE] [--junit FILE] [--json]

Runs the tests of a repository laid out for the transformation GitHub Action (meta.json, code,
test-input-file and expected-output, the studio's *.studio.json sidecars) on an embedded core:
no server, no account, no network for fetch mocks.

  DIR           the repository root (default: the current folder); paths in meta.json are relative to it
  --meta FILE   the meta file (default DIR/meta.json)
  --junit FILE  also write JUnit XML (one testsuite per transformation, one testcase per test)
  --json        print the report as JSON instead of text

Without DIR or --meta, and with no meta.json here, it tests a running instance instead
(studio test [--url URL] [--email E] [--token T]).

Exit codes: 0 every test passed, 1 a test failed, 2 usage or input errors (bad meta.json,
missing files: each named, with what to fix), 3 the embedded core could not start.`;

export async function runTestCommand(positional, flags, io) {
  if (positional.length > 1) return io.fail(2, `one folder at most\n${TEST_USAGE}`);
  const folder = folderOf(positional[0], flags.meta, io);
  return openFolder(folder, io, async (core, opened) => {
    const run = await core.call('POST', '/studio/api/saved-tests/run');
    if (run.status !== 200) return io.fail(3, `error: the embedded core answered ${run.status}: ${run.body.error}`);
    const files = Object.fromEntries(opened.transformations.map((t) => [t.name, t.file]));
    const report = buildReport(run.body, files);
    if (flags.json) io.out(`${JSON.stringify(report, null, 2)}\n`);
    else printReport(report, io.out);
    if (flags.junit) {
      writeFileSync(flags.junit, junitXml(report));
      if (!flags.json) io.out(`JUnit XML: ${flags.junit}\n`);
    }
    return report.passed ? 0 : 1;
  });
}
