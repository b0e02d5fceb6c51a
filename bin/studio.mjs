#!/usr/bin/env node
// Transformation Studio CLI for CI. It talks to a running instance's HTTP API (desktop or
// `npm run serve`), never to its database: one process owns a data folder.
//
//   studio sync status|push|pull --remote NAME   changes against a remote, push (the locally published
//                                                versions; --drafts: the latest saved ones), pull
//   studio test                                  every transformation's saved test events
//   studio fuzz --transformation NAME [--seed N]  generated events through its code (studio-fuzz.mjs)
//   studio backup export --out FILE              the whole workspace as one file (secrets too,
//                                                sealed, when a passphrase is given)
//   studio backup import FILE                    into an empty workspace
//   (passphrase: --passphrase P or STUDIO_BACKUP_PASSPHRASE)
//
// Where: --url URL (or STUDIO_URL, default http://127.0.0.1:8920); who: --email/--token
// (or STUDIO_EMAIL/STUDIO_TOKEN). Exit codes: 0 ok, 1 failures/conflicts/tests failed,
// 2 usage, 3 the instance could not be reached or refused the credentials.

import { FUZZ_USAGE, fuzzCommand } from './studio-fuzz.mjs';

const USAGE = `usage: studio sync status|push|pull --remote NAME [--drafts] [--url URL] [--email E] [--token T]
       studio test [--url URL] [--email E] [--token T]
       ${FUZZ_USAGE}
       studio backup export --out FILE [--passphrase P] | studio backup import FILE [--passphrase P]`;

function parse(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2);
      flags[name] = name === 'drafts' || name === 'json' ? true : (inline ?? argv[++i]);
    } else positional.push(arg);
  }
  return { positional, flags };
}

function fail(code, message) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

async function api(target, method, path, body) {
  let response;
  try {
    response = await fetch(target.url + path, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${target.email}:${target.token}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    fail(3, `cannot reach Transformation Studio at ${target.url}: ${error.cause?.code ?? error.message} (start it, or pass --url)`);
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (response.status === 401) fail(3, `${target.url} refused the e-mail and token (HTTP 401): pass --email/--token or STUDIO_EMAIL/STUDIO_TOKEN`);
  if (!response.ok) fail(1, `error: ${parsed?.error ?? text} (HTTP ${response.status})`);
  return parsed;
}

const STATE = {
  unchanged: 'in sync',
  'new-local': 'new locally',
  'new-remote': 'new on the remote',
  'changed-local': 'changed locally',
  'changed-remote': 'changed on the remote',
  both: 'CONFLICT (changed on both sides)',
};

function printOutcome(outcome) {
  for (const r of outcome.results) process.stdout.write(`${r.ok ? 'ok  ' : 'FAIL'} ${r.kind} ${r.name}: ${r.action}: ${r.message}\n`);
  if (outcome.results.length === 0) process.stdout.write('nothing to do\n');
  return outcome.ok ? 0 : 1;
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

async function main() {
  const { positional, flags } = parse(process.argv.slice(2));
  const target = {
    url: (flags.url ?? process.env.STUDIO_URL ?? 'http://127.0.0.1:8920').replace(/\/+$/, ''),
    email: flags.email ?? process.env.STUDIO_EMAIL ?? '',
    token: flags.token ?? process.env.STUDIO_TOKEN ?? '',
  };
  const [command, sub] = positional;
  if (command === 'test') return printTests(await api(target, 'POST', '/studio/api/saved-tests/run'));
  if (command === 'fuzz') return fuzzCommand(target, flags, api, fail);
  if (command === 'backup') return backup(target, sub, positional.slice(2), flags);
  if (command !== 'sync' || !['status', 'push', 'pull'].includes(sub)) fail(2, USAGE);
  const remote = flags.remote;
  if (!remote) fail(2, `--remote NAME is required\n${USAGE}`);
  const base = `/studio/api/remotes/${encodeURIComponent(remote)}`;
  if (sub === 'status') {
    const status = await api(target, 'GET', `${base}/changes`);
    for (const item of status.items) process.stdout.write(`${item.kind.padEnd(14)} ${item.name.padEnd(30)} ${STATE[item.state] ?? item.state}\n`);
    const pending = status.items.filter((i) => i.state !== 'unchanged').length;
    process.stdout.write(`${pending} of ${status.items.length} differ from remote "${status.remote}"\n`);
    return status.items.some((i) => i.state === 'both') ? 1 : 0;
  }
  return printOutcome(await api(target, 'POST', `${base}/${sub}`, { ...(flags['commit-id'] ? { commitId: flags['commit-id'] } : {}), ...(flags.drafts && sub === 'push' ? { drafts: true } : {}) }));
}

main().then(
  (code) => process.exit(code),
  (error) => fail(1, `error: ${error.message}`),
);
