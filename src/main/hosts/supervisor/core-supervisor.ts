import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseReadyLine, type ReadyLine } from '../headless/ready-line';
import nodeFlags from '../node-flags.json' with { type: 'json' };

// Starts the core (the headless bundle) as a child process of plain Node, the way the desktop
// app runs it: per-launch session secret through the environment, a ready handshake with a
// deadline, restarts with backoff when it dies, and a clean stop. No electron import: the
// desktop main process uses it, and tests run it exactly as shipped.

export type CoreState =
  | { kind: 'starting' }
  | { kind: 'ready'; url: string; email: string; pid: number }
  | { kind: 'restarting'; attempt: number; delayMs: number; reason: string }
  | { kind: 'failed'; reason: string; logTail: string[]; logFile: string }
  | { kind: 'stopped' };

export interface SupervisorOptions {
  /** The Node binary that runs the core (the runtime the project carries). */
  nodePath: string;
  /** The core bundle: out/main/headless.js. */
  entry: string;
  dataDir: string;
  /** Per-launch secret accepted with the account e-mail; given to the core through its environment. */
  sessionToken: string;
  /** Extra environment for the core (e.g. STUDIO_MASTER_KEY). */
  env?: Record<string, string>;
  /** File remembering the port, so the window's origin (and its storage) stays the same across launches. */
  portFile?: string;
  readyTimeoutMs?: number;
  /** Consecutive failed starts or crashes before giving up. */
  maxRestarts?: number;
  /** Delay before restart attempt n (1-based). */
  backoffMs?: (attempt: number) => number;
  /** A core that stayed up this long is healthy again: the failure count restarts. */
  healthyAfterMs?: number;
  stopTimeoutMs?: number;
}

const TAIL_LINES = 200;
const defaultBackoff = (attempt: number) => Math.min(250 * 2 ** (attempt - 1), 8_000);

export class CoreSupervisor extends EventEmitter<{ state: [CoreState] }> {
  state: CoreState = { kind: 'stopped' };
  private child: ChildProcess | undefined;
  private tail: string[] = [];
  private failures = 0;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private healthyTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: SupervisorOptions) {
    super();
  }

  get logFile(): string {
    return `${this.options.dataDir}/logs/studio.log`;
  }

  logTail(): string[] {
    return [...this.tail];
  }

  /** Starts the core; resolves once it accepts requests, rejects when it cannot be started. */
  start(): Promise<ReadyLine> {
    this.stopping = false;
    return new Promise((resolve, reject) => {
      const onState = (state: CoreState) => {
        if (state.kind === 'ready') {
          this.off('state', onState);
          resolve(state);
        } else if (state.kind === 'failed' || state.kind === 'stopped') {
          this.off('state', onState);
          reject(new Error(state.kind === 'failed' ? state.reason : 'stopped before the core was ready'));
        }
      };
      this.on('state', onState);
      this.launch(this.rememberedPort());
    });
  }

  /** SIGTERM (the core closes its database), then SIGKILL after the deadline. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    clearTimeout(this.healthyTimer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), this.options.stopTimeoutMs ?? 5_000);
      await exited;
      clearTimeout(timer);
    }
    this.setState({ kind: 'stopped' });
  }

  private setState(state: CoreState): void {
    this.state = state;
    this.emit('state', state);
  }

  private rememberedPort(): number {
    if (!this.options.portFile) return 0;
    try {
      const port = Number(readFileSync(this.options.portFile, 'utf8').trim());
      return Number.isInteger(port) && port > 0 && port < 65536 ? port : 0;
    } catch {
      return 0;
    }
  }

  private remember(url: string): void {
    if (!this.options.portFile) return;
    try {
      writeFileSync(this.options.portFile, new URL(url).port, { mode: 0o600 });
    } catch {
      // the origin may change on the next launch; nothing else depends on it
    }
  }

  private note(line: string): void {
    this.tail.push(line);
    if (this.tail.length > TAIL_LINES) this.tail.splice(0, this.tail.length - TAIL_LINES);
  }

  private launch(port: number): void {
    this.setState({ kind: 'starting' });
    const { nodePath, entry, dataDir, sessionToken, env } = this.options;
    const child = spawn(nodePath, [...nodeFlags.core, entry, '--port', String(port), '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, STUDIO_SUPERVISED: '1', STUDIO_SESSION_TOKEN: sessionToken },
    });
    this.child = child;
    let ready = false;
    let portInUse = false;
    let lockedOut = false;
    const deadline = setTimeout(() => {
      this.note(`the core did not become ready within ${this.options.readyTimeoutMs ?? 20_000} ms`);
      child.kill('SIGKILL');
    }, this.options.readyTimeoutMs ?? 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const info = parseReadyLine(line);
      if (!info) return this.note(line);
      ready = true;
      clearTimeout(deadline);
      this.remember(info.url);
      this.healthyTimer = setTimeout(() => (this.failures = 0), this.options.healthyAfterMs ?? 30_000);
      this.setState({ kind: 'ready', ...info });
    });
    createInterface({ input: child.stderr! }).on('line', (line) => {
      if (/^port \d+ is in use/.test(line)) portInUse = true;
      if (line.includes('is in use by another Transformation Studio process')) lockedOut = true;
      this.note(line);
    });
    child.once('error', (error) => this.note(`could not start ${nodePath}: ${error.message}`));
    child.once('exit', (code, signal) => {
      clearTimeout(deadline);
      clearTimeout(this.healthyTimer);
      if (this.child === child) this.child = undefined;
      if (this.stopping) return;
      // The remembered port is taken by something else: any free port, not a failure.
      if (!ready && portInUse && port !== 0) return this.launch(0);
      if (lockedOut) {
        this.setState({ kind: 'failed', reason: this.tail.find((l) => l.includes('is in use by another'))!, logTail: this.logTail(), logFile: this.logFile });
        return;
      }
      this.failures++;
      const reason = ready
        ? `the core stopped unexpectedly (${signal ?? `exit code ${code}`})`
        : `the core could not start (${signal ?? `exit code ${code}`})`;
      this.note(reason);
      if (this.failures > (this.options.maxRestarts ?? 5)) {
        this.setState({ kind: 'failed', reason: `${reason}; gave up after ${this.failures} attempts`, logTail: this.logTail(), logFile: this.logFile });
        return;
      }
      const delayMs = (this.options.backoffMs ?? defaultBackoff)(this.failures);
      this.setState({ kind: 'restarting', attempt: this.failures, delayMs, reason });
      this.restartTimer = setTimeout(() => this.launch(this.rememberedPort()), delayMs);
    });
  }
}
