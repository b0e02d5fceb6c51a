import { test as base } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless, type HeadlessProcess } from '../src/main/testing/spawn-headless';

export const E2E_EMAIL = 'cli@example.com';
export const E2E_TOKEN = 'cli-token';

export interface StudioServer extends HeadlessProcess {
  dataDir: string;
  /** Login link printed by the server (signs the browser in for this run). */
  loginUrl: string;
  auth: string;
}

interface Started {
  proc: HeadlessProcess;
  dataDir: string;
}

async function startOne(): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  try {
    return { proc: await startHeadless({ dataDir }), dataDir };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function stopOne({ proc, dataDir }: Started): Promise<void> {
  await proc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

interface Hosts {
  take(): Promise<Started>;
  retire(started: Started): void;
}

/**
 * Each test gets the headless host on its own new temp data directory. The next test's host
 * starts while this test runs (a start is a second or two of a test's time otherwise): it is
 * untouched until its test takes it; the one no test took is stopped with the worker. A test's
 * host is stopped (SIGTERM, then its folder removed) after its page is closed, while the next test
 * runs: the worker's end waits for every stop, and a stop that failed fails it there.
 *
 * After the page: Playwright takes a failed test's page snapshot (error-context.md) and ends its
 * trace as it closes the page's context, in the fixtures' teardown, which runs in the reverse
 * order of their setup. Tests ask for `({ page, server })`, so `server` was torn down first and a
 * host stopped there could be gone by then: the snapshot showed the core-down banner, not the
 * failure. `afterPage` is automatic, hence set up before `page` and torn down after it; its
 * cleanups run then, in order, each awaited (`server` hands it the host's stop, which it does not
 * wait for; a spec that starts its own host can hand it that host's stop).
 * e2e/failure-artifacts.spec.ts checks the order.
 */
export const test = base.extend<{ server: StudioServer; afterPage: (cleanup: () => unknown) => void }, { hosts: Hosts }>({
  hosts: [
    async ({}, use) => {
      let spare: Promise<Started> | undefined;
      const stopping: Promise<void>[] = [];
      const out = new Set<Started>(); // taken, not retired yet
      await use({
        take() {
          // A spare that failed to start fails the test that takes it (with the host's own error):
          // a start that fails is a bug to see, not one to start again past.
          const taken = (spare ?? startOne()).then((started) => {
            out.add(started);
            return started;
          });
          spare = startOne();
          spare.catch(() => undefined);
          return taken;
        },
        retire(started) {
          out.delete(started);
          const stopped = stopOne(started);
          stopped.catch(() => undefined); // awaited (and failing) at the worker's end, not unhandled now
          stopping.push(stopped);
        },
      });
      const left = await spare?.catch(() => undefined);
      if (left) stopping.push(stopOne(left));
      // A test's teardown skipped (its time ran out before `afterPage` was torn down) retired none.
      for (const started of out) stopping.push(stopOne(started));
      await Promise.all(stopping);
    },
    { scope: 'worker' },
  ],
  afterPage: [
    async ({}, use) => {
      const cleanups: (() => unknown)[] = [];
      await use((cleanup) => void cleanups.push(cleanup));
      const failed: unknown[] = [];
      for (const cleanup of cleanups) {
        try {
          await cleanup();
        } catch (error) {
          failed.push(error); // the next cleanups still run; the first failure fails the test
        }
      }
      if (failed.length > 0) throw failed[0];
    },
    { auto: true },
  ],
  server: async ({ hosts, afterPage }, use) => {
    const started = await hosts.take();
    afterPage(() => hosts.retire(started));
    const { proc, dataDir } = started;
    const loginUrl = /Open the UI \(signed in for this run\): (\S+)/.exec(proc.stdout())?.[1];
    if (!loginUrl) throw new Error(`no login link in:\n${proc.stdout()}`);
    await use({ ...proc, dataDir, loginUrl, auth: `Basic ${Buffer.from(`${E2E_EMAIL}:${E2E_TOKEN}`).toString('base64')}` });
  },
});
export { expect } from '@playwright/test';
