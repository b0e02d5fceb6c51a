#!/usr/bin/env node
// Transformation Studio CLI for CI. It talks to a running instance's HTTP API (desktop or
// `npm run serve`), never to its database: one process owns a data folder.
//
//   studio sync status|push|pull --remote NAME   changes against a remote, push (the locally published
//                                                versions; --drafts: the latest saved ones), pull
//   studio test                                  every transformation's saved test events
//   studio fuzz --transformation NAME [--seed N]  generated events through its code (studio-fuzz.mjs)
//   studio test [DIR] [--meta FILE]              a repository folder's tests, no server (bin/commands/test.mjs)
//   studio init DIR                              the workspace written out as such a folder (bin/commands/init.mjs)
//   studio replay DIR --events F --compare-with DIR2   impact report of a change (bin/commands/replay.mjs)
//   studio backup export --out FILE              the whole workspace as one file (secrets too,
//                                                sealed, when a passphrase is given)
//   studio backup import FILE                    into an empty workspace
//   (passphrase: --passphrase P or STUDIO_BACKUP_PASSPHRASE)
//
// Where: --url URL (or STUDIO_URL, default http://127.0.0.1:8920); who: --email/--token
// (or STUDIO_EMAIL/STUDIO_TOKEN). Exit codes: 0 ok, 1 failures/conflicts/tests failed,
// 2 usage, 3 the instance could not be reached or refused the credentials.

import { existsSync } from 'node:fs';
import { FUZZ_USAGE, fuzzCommand } from './studio-fuzz.mjs';
import { ExitError, processIo } from './lib/exit.mjs';
import { api, targetOf } from './lib/instance.mjs';

const USAGE = `usage: studio sync status|push|pull --remote NAME [--drafts] [--url URL] [--email E] [--token T]
       studio test [--url URL] [--email E] [--token T]
       studio status [--url URL] [--email E] [--token T]            (each transformation's tests status, as the UI shows it)
       studio test [DIR] [--meta FILE] [--junit FILE] [--json]     (no server: studio test --help)
       studio init DIR [--url URL] [--email E] [--token T]         (studio init --help)
       studio replay DIR --events FILE.ndjson --compare-with DIR2  (studio replay --help)
       ${FUZZ_USAGE}
       studio backup export --out FILE [--passphrase P] | studio backup import FILE [--passphrase P]`;

const BOOLEAN_FLAGS = new Set(['drafts', 'json', 'help', 'force']);

function parse(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      flags[name] = BOOLEAN_FLAGS.has(name) ? true : (inline ?? argv[++i]);
    } else if (arg === '-h') {
      flags.help = true;
    } else positional.push(arg);
  }
  return { positional, flags };
}

function fail(code, message) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}


function printPlan(what, plan) {
  if (!plan) return;
  process.stdout.write(`${''.padEnd(15)}${what}: ${plan.what}\n`);
  if (plan.staysBehind.length) process.stdout.write(`${''.padEnd(15)}stays behind: ${plan.staysBehind.join('; ')}\n`);
}

function printOutcome(outcome) {
  for (const r of outcome.results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.kind} ${r.name}: ${r.action}: ${r.message}\n`);
  if (outcome.results.length === 0) process.stdout.write('nothing to do\n');
  return outcome.ok ? 0 : 1;
}

/** The tests status of each transformation's latest (and live) version, as the versions API derives it for the UI. */
async function printStatus(target) {
  const words = (v) =>
    v.testStatus === 'passed' ? `tests ✓ (${v.testSummary})`
    : v.testStatus === 'failed' ? `tests ✗ (${v.testSummary})`
    : v.testStatus === 'out-of-date' ? `tests out of date: ${(v.testReasons ?? []).join('; ')}${v.testRerunning ? ' — running them again…' : ''}`
    : `not tested (${v.testSummary})`;
  const { transformations } = await api(target, 'GET', '/transformations');
  for (const t of transformations) {
    const { versions } = await api(target, 'GET', `/studio/api/transformations/${encodeURIComponent(t.id)}/versions`);
    for (const v of versions.filter((v, i) => i === 0 || v.isPublished)) {
      process.stdout.write(`${t.name.padEnd(30)} v${v.number}${v.isPublished ? ' (live)' : ''}  ${words(v)}\n`);
    }
  }
  return 0;
}

function printTests(run) {
  for (const r of run.results) {
    if (r.noTests && r.passed) process.stdout.write(`NO TESTS ${r.name} ${r.version}: no saved test events (nothing was tested)\n`);
    else process.stdout.write(`${r.passed ? 'PASS' : 'FAIL'} ${r.name} ${r.version}: ${r.eventCount} events\n`);
    if (!r.passed && r.error && r.failures.length === 0) process.stdout.write(`  ${r.error}\n`);
    for (const f of r.failures) {
      process.stdout.write(`  ${f.name ?? `event #${f.position}`}${f.messageId ? ` (messageId ${f.messageId})` : ''}: ${f.error}\n`);
      if (f.input) process.stdout.write(`    input     ${JSON.stringify(f.input)}\n`);
      if (f.expected) process.stdout.write(`  - expected  ${JSON.stringify(f.expected)}\n  + got       ${f.error}\n`);
    }
  }
  const failed = run.results.filter((r) => !r.passed).length;
  const untested = run.results.filter((r) => r.noTests && r.passed).length;
  process.stdout.write(`${run.results.length - failed} passed, ${failed} failed, ${untested} without saved tests\n`);
  return run.passed ? 0 : 1;
}

async function backup(target, sub, args, flags) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const passphrase = flags.passphrase ?? process.env.STUDIO_BACKUP_PASSPHRASE;
  if (sub === 'export') {
    if (!flags.out) fail(2, `--out FILE is required\n${USAGE}`);
    const file = await api(target, 'POST', '/studio/api/backup/export', passphrase ? { includeSecrets: true, passphrase } : {});
    writeFileSync(flags.out, JSON.stringify(file), { mode: 0o600 });
    const counts = Object.entries(file.workspace).map(([table, rows]) => `${rows.length} ${table}`).join(', ');
    process.stdout.write(`wrote ${flags.out} (${counts}; ${file.secrets ? 'secrets sealed with the passphrase' : 'no secrets'})\n`);
    return 0;
  }
  if (sub !== 'import' || !args[0]) fail(2, USAGE);
  let file;
  try {
    file = JSON.parse(readFileSync(args[0], 'utf8'));
  } catch (error) {
    fail(2, `cannot read ${args[0]} as a backup file: ${error.message}`);
  }
  const result = await api(target, 'POST', '/studio/api/backup/import', passphrase ? { backup: file, passphrase } : { backup: file });
  const counts = Object.entries(result.imported).filter(([, n]) => n > 0).map(([table, n]) => `${n} ${table}`).join(', ');
  process.stdout.write(`imported ${counts}${result.secrets ? ' with secrets' : ' without secrets'}\n`);
  for (const note of result.notes) process.stdout.write(`  ${note}\n`);
  return 0;
}

/** The command of bin/commands/ that handles this command line, if any. */
async function folderCommandOf(command, args, flags) {
  if (command === 'test') {
    // A folder (DIR, --meta, or a meta.json here) is tested offline; otherwise a running instance.
    const offline = args.length > 0 || flags.meta || flags.junit || flags.json || (!flags.url && !process.env.STUDIO_URL && existsSync('meta.json')) || flags.help;
    if (!offline) return undefined;
    const { TEST_USAGE, runTestCommand } = await import('./commands/test.mjs');
    return { usage: TEST_USAGE, run: runTestCommand };
  }
  if (command === 'init') {
    const { INIT_USAGE, runInitCommand } = await import('./commands/init.mjs');
    return { usage: INIT_USAGE, run: runInitCommand };
  }
  if (command === 'replay') {
    const { REPLAY_USAGE, runReplayCommand } = await import('./commands/replay.mjs');
    return { usage: REPLAY_USAGE, run: runReplayCommand };
  }
  return undefined;
}

async function main() {
  const { positional, flags } = parse(process.argv.slice(2));
  const target = targetOf(flags);
  const [command, sub] = positional;
  if (!command && flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // One file per command (bin/commands/): each exports its usage and its run function.
  const folderCommand = await folderCommandOf(command, positional.slice(1), flags);
  if (folderCommand) {
    if (flags.help) {
      process.stdout.write(`${folderCommand.usage}\n`);
      return 0;
    }
    return folderCommand.run(positional.slice(1), flags, processIo, target);
  }
  if (command === 'test') return printTests(await api(target, 'POST', '/studio/api/saved-tests/run'));
  if (command === 'status') return printStatus(target);
  if (command === 'fuzz') return fuzzCommand(target, flags, api, fail);
  if (command === 'backup') return backup(target, sub, positional.slice(2), flags);
  if (command !== 'sync' || !['status', 'push', 'pull'].includes(sub)) fail(2, USAGE);
  const remote = flags.remote;
  if (!remote) fail(2, `--remote NAME is required\n${USAGE}`);
  const base = `/studio/api/remotes/${encodeURIComponent(remote)}`;
  // The status's line and plans are the core's (the UI shows the same): printed as they come.
  const status = await api(target, 'GET', `${base}/changes`);
  if (sub === 'status') {
    for (const item of status.items) {
      process.stdout.write(`${item.kind.padEnd(14)} ${item.name.padEnd(30)} ${item.line}\n`);
      printPlan('push', item.push);
      printPlan('pull', item.pull);
    }
    const pending = status.items.filter((i) => i.state !== 'unchanged').length;
    process.stdout.write(`${pending} of ${status.items.length} differ from remote "${status.remote}"\n`);
    return status.items.some((i) => i.state === 'both') ? 1 : 0;
  }
  // Before sending: what goes and what stays behind.
  for (const item of status.items) {
    const plan = sub === 'push' && flags.drafts ? item.pushChosen : item[sub];
    if (plan) process.stdout.write(`${sub} ${item.kind} ${item.name}: ${plan.what}${plan.staysBehind.length ? `; stays behind: ${plan.staysBehind.join('; ')}` : ''}\n`);
  }
  return printOutcome(await api(target, 'POST', `${base}/${sub}`, { ...(flags['commit-id'] ? { commitId: flags['commit-id'] } : {}), ...(flags.drafts && sub === 'push' ? { drafts: true } : {}) }));
}

main().then(
  (code) => process.exit(code ?? 0),
  (error) => fail(error instanceof ExitError ? error.code : 1, error instanceof ExitError ? error.message : `error: ${error.message}`),
);
