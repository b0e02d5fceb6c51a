import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { superviseChild } from '../sandbox/supervision/process-watch';
import { budgetMb, requestMemory, watchMemory, type MemoryWatch } from '../sandbox/supervision/memory-watch';
import { messages } from '../sandbox/errors';
import nodeFlags from '../hosts/node-flags.json' with { type: 'json' };
import debugEntry from './debug-process?modulePath';
import type { DebugCoreMessage, DebugProcessReply } from './protocol';

/** A CDP command's answer wait (a paused isolate answers at once; a running one at its next pause or end). */
const COMMAND_WAIT_MS = 30_000;
/** What a debug process may hold at rest (Node, isolated-vm, the inspector): a sandbox process's recycling limit. */
const REST_MB = 160;

/** Node flags of the debug process: the sandbox's; from source, TypeScript and the resolve hook. */
function execArgv(): string[] {
  const flags = [...nodeFlags.sandbox];
  if (debugEntry.endsWith('.ts')) {
    const hooks = pathToFileURL(join(dirname(debugEntry), '..', 'sandbox', 'child', 'source-hooks.mjs')).href;
    flags.push('--experimental-transform-types', '--disable-warning=ExperimentalWarning', '--import', hooks);
  }
  return flags;
}

/**
 * The core's side of one debug process: started for one session, stopped with it. Replies other
 * than CDP answers go to `onReply`; `onExit` says how it ended (`expected`: stopped by the core).
 */
export class DebugChild {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private stopping = false;
  exited = false;
  /** Settles once the process has exited. */
  readonly gone: Promise<void>;
  /** Resolves once the process has loaded (its 'ready'); never if it ends before. */
  readonly ready: Promise<void>;

  private onReply: (reply: DebugProcessReply) => void = () => {};
  private onExit: (how: string, expected: boolean) => void = () => {};
  private how: string | undefined;
  /** Its resident memory, read from the session's start (memory-watch.ts), and what its session may hold. */
  private readonly memory: MemoryWatch;
  private session: ReturnType<typeof requestMemory> | undefined;

  constructor() {
    this.child = fork(debugEntry, [], {
      execArgv: execArgv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let ready!: () => void;
    this.ready = new Promise((resolve) => (ready = resolve));
    this.child.on('message', (reply: DebugProcessReply) => {
      if (reply.type === 'ready') return ready();
      if (reply.type !== 'cdp') return this.onReply(reply);
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      clearTimeout(waiter.timer);
      if (reply.error !== undefined) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply.result);
    });
    this.child.on('error', () => {}); // exit follows
    // The sandbox processes' watcher: killed when the core exits, and by a shell watcher once the
    // core is gone without running code (kill -9). A paused or spinning isolate does not let the
    // process end by itself in time.
    superviseChild(this.child);
    // Past its budget (memory outside the isolate's heap, a builtin that never yields) the session
    // ends with the memory limit's words, as a run does in a sandbox process.
    this.memory = watchMemory(this.child.pid, () => budgetMb(REST_MB, 0, [{ memory: this.session }]), () => {
      if (this.exited || this.stopping || !this.session) return;
      this.onReply({ type: 'failed', message: messages.memory(this.session.limitMb) });
      this.stop();
    });
    let exited!: () => void;
    this.gone = new Promise((resolve) => (exited = resolve));
    // 'close', not 'exit': every message the process sent has been read by then (it may end itself
    // right after its last one).
    this.child.on('close', (code, signal) => {
      this.exited = true;
      this.memory.close();
      for (const waiter of this.waiting.values()) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('the debug session has ended'));
      }
      this.waiting.clear();
      this.how = signal ? `killed by ${signal}` : `exit code ${code}`;
      this.onExit(this.how, this.stopping);
      exited();
    });
  }

  /** The session's handlers: replies other than CDP answers, and how the process ended. */
  attach(onReply: (reply: DebugProcessReply) => void, onExit: (how: string, expected: boolean) => void): this {
    this.onReply = onReply;
    this.onExit = onExit;
    if (this.how !== undefined) onExit(this.how, this.stopping);
    return this;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: DebugCoreMessage): void {
    if (this.exited || !this.child.connected) return;
    if (message.type === 'debug' || message.type === 'profile' || message.type === 'coverage') {
      const chars = message.type === 'debug' ? message.payload.length : message.events.reduce((sum, event) => sum + event.length, 0);
      this.session = requestMemory(message.memoryLimitMb, chars);
      this.memory.start();
    }
    this.child.send(message);
  }

  command(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (this.exited) return Promise.reject(new Error('the debug session has ended'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${method} got no answer within ${COMMAND_WAIT_MS / 1000} s`));
      }, COMMAND_WAIT_MS);
      this.waiting.set(id, { resolve, reject, timer });
      this.send({ type: 'cdp', id, method, params });
    });
  }

  /** Ends the process (a paused or spinning isolate included). */
  stop(): void {
    if (this.exited) return;
    this.stopping = true;
    this.child.kill('SIGKILL');
  }
}

/** A spare debug process is stopped after this long unused. */
const SPARE_IDLE_MS = 5 * 60_000;
/** The spare for the next session starts this long after the previous session's process is ready. */
const SPARE_DELAY_MS = 500;

/**
 * Where sessions get their debug process: a new one each session, from a spare started half a
 * second after the previous session's process was ready (a Node process with isolated-vm loaded, no isolate and no code yet), so
 * a Debug after the first does not wait for a process to start. An unused spare goes after 5 minutes.
 * Not sooner: a spare loading beside a session's own process still loading took CPU from its start
 * (two processes loading at once on a loaded machine, docs/decisions/).
 */
export function createDebugProcesses(options: { spareIdleMs?: number } = {}) {
  let spare: DebugChild | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const prepare = () => {
    if (closed || spare) return;
    spare = new DebugChild();
    timer = setTimeout(() => {
      spare?.stop();
      spare = undefined;
    }, options.spareIdleMs ?? SPARE_IDLE_MS);
    timer.unref();
  };
  return {
    take(onReply: (reply: DebugProcessReply) => void, onExit: (how: string, expected: boolean) => void): DebugChild {
      clearTimeout(timer);
      const ready = spare && !spare.exited ? spare : new DebugChild();
      spare = undefined;
      // The next spare starts a moment after this session's process is ready: starting it sooner
      // would slow this session's start.
      void ready.ready.then(() => {
        if (closed || spare) return;
        clearTimeout(timer);
        timer = setTimeout(prepare, SPARE_DELAY_MS);
        timer.unref();
      });
      return ready.attach(onReply, onExit);
    },
    /** The spare's pid (tests). */
    sparePid: () => (spare && !spare.exited ? spare.pid : undefined),
    close(): void {
      closed = true;
      clearTimeout(timer);
      spare?.stop();
      spare = undefined;
    },
  };
}

export type DebugProcesses = ReturnType<typeof createDebugProcesses>;
