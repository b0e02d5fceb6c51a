// An embedded core for the CLI's offline commands (`studio test DIR`, `studio replay DIR`): the
// headless host on a temporary data folder, on the Node runtime the project carries, with
// a session secret made for this run. Nothing else can reach it (loopback, a random secret); the
// folder is removed when it closes. --one-shot: the account has no token to hash (the session
// secret reaches it, with no scrypt), and nothing runs in the background (test re-runs, delivery,
// retention, schema learning, store maintenance); the sandbox process starts first.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../../scripts/build-if-stale.mjs';
import nodeFlags from '../../src/main/hosts/node-flags.json' with { type: 'json' };

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
// node:http as a built-in, not fetch: fetch loads Node's bundled undici on its first call (258 ms
// of the CLI's CPU in a profile at load 16), and an ES import of node:http builds a facade that
// loads it too (as src/main/http/server.ts notes).
const { request } = process.getBuiltinModule?.('node:http') ?? createRequire(import.meta.url)('node:http');

/** One request to the core; resolves with { status, text }. */
function send(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The project's Node 24 (the registry's `node` package), else the running one. */
function carriedNode() {
  const name = process.platform === 'win32' ? 'node.exe' : 'node';
  // Where it is in this checkout, before a module resolution (the CJS loader's start: ~250 ms of CPU at load 16).
  const here = join(ROOT, 'node_modules', 'node', 'bin', name);
  if (existsSync(here)) return here;
  try {
    const binary = join(dirname(createRequire(import.meta.url).resolve('node/package.json')), 'bin', name);
    if (existsSync(binary)) return binary;
  } catch {
    // not installed: the running Node must do
  }
  return process.execPath;
}

export class CoreError extends Error {}

/** Starts the core for `command` (test or replay: the routes it calls); resolves with { url, call(method, path, body), close() }. */
export async function startEmbeddedCore(command = 'test') {
  buildIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-cli-'));
  const email = 'cli@localhost';
  const token = randomBytes(24).toString('base64url');
  const { STUDIO_TOKEN: _unused, ...env } = process.env;
  // STUDIO_CLI_TRACE=1: the core's start phases (its startup-trace line) are passed on to stderr.
  const tracing = process.env.STUDIO_CLI_TRACE === '1';
  if (tracing) env.STUDIO_STARTUP_TRACE = '1';
  const child = spawn(carriedNode(), [...nodeFlags.core, join(ROOT, 'out/main/headless.js'), '--port', '0', '--data-dir', dataDir, '--one-shot', command], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, STUDIO_EMAIL: email, STUDIO_SESSION_TOKEN: token, STUDIO_WRITE_KEY: randomBytes(12).toString('hex') },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
    const trace = tracing && /^startup-trace .*$/m.exec(err);
    if (trace) {
      process.stderr.write(`${trace[0]}\n`);
      err = err.replace(trace[0], '');
    }
  });
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  const url = await new Promise((resolve, reject) => {
    const onExit = (code) => reject(new CoreError(`the embedded core exited with ${code} before it listened:\n${err || out}`));
    child.once('exit', onExit);
    child.stdout.on('data', (d) => {
      out += d;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (!match) return;
      child.removeListener('exit', onExit);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve(match[0]);
    });
  }).catch((error) => {
    remove();
    throw error;
  });
  const authorization = `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;
  return {
    url,
    /** JSON over HTTP; resolves with { status, body }. */
    async call(method, path, body) {
      const headers = { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const response = await send(url + path, method, headers, body === undefined ? undefined : JSON.stringify(body));
      const text = response.text;
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { error: text };
      }
      return { status: response.status, body: parsed };
    },
    close() {
      return new Promise((resolve) => {
        const done = () => {
          remove();
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      });
    },
  };
}
