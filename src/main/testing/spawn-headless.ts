import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeFlags from '../hosts/node-flags.json' with { type: 'json' };

export interface HeadlessProcess {
  child: ChildProcess;
  url: string;
  firstUrlLine: string;
  stdout(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const headless = resolve(dirname(fileURLToPath(import.meta.url)), '../../../out/main/headless.js');

/** Spawns the built headless host as a child process and waits for its URL line. */
export function startHeadless(options: { dataDir: string; args?: string[]; env?: Record<string, string>; port?: number | 'remembered' }): Promise<HeadlessProcess> {
  // Any free port unless told; 'remembered': no --port (the data folder's last port, else 8920).
  const port = options.port === 'remembered' ? [] : ['--port', String(options.port ?? 0)];
  const child = spawn(
    process.execPath,
    [...nodeFlags.core, headless, ...port, '--data-dir', options.dataDir, ...(options.args ?? [])],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, STUDIO_EMAIL: 'cli@example.com', STUDIO_TOKEN: 'cli-token', STUDIO_WRITE_KEY: 'cli-write-key', ...options.env },
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolvePromise, reject) => {
    // A host that missed the deadline is stopped, not left running (under load it would start later, orphaned).
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`headless host did not print its URL in 15 s\nstdout: ${out}\nstderr: ${err}`));
    }, 15_000);
    child.once('exit', (code) => reject(new Error(`headless host exited with ${code}\nstdout: ${out}\nstderr: ${err}`)));
    child.stdout!.on('data', (d: Buffer) => {
      const before = out;
      out += d.toString();
      if (/http:\/\/127\.0\.0\.1:\d+/.test(before)) return;
      const line = out.split('\n').find((l) => /http:\/\/127\.0\.0\.1:\d+/.test(l));
      if (!line || !out.includes('\n', out.indexOf(line))) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolvePromise({
        child,
        url: /http:\/\/127\.0\.0\.1:\d+/.exec(line)![0],
        firstUrlLine: line,
        stdout: () => out,
        stop: (signal = 'SIGTERM') =>
          new Promise((r) => {
            if (child.exitCode !== null) return r(child.exitCode);
            child.once('exit', (code) => r(code));
            child.kill(signal);
          }),
      });
    });
  });
}
