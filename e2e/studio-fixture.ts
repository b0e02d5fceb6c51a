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

/**
 * Each test gets the headless host on its own new temp data directory. The next test's host
 * starts while this test runs (a start is a second or two of a test's time otherwise): it is
 * untouched until its test takes it; the one no test took is stopped with the worker. A test's
 * host is stopped (SIGTERM, then its folder removed) while the next test runs: the worker's end
 * waits for every stop, and a stop that failed fails it there.
 */
export const test = base.extend<{ server: StudioServer }, { hosts: { take(): Promise<Started>; retire(started: Started): void } }>({
  hosts: [
    async ({}, use) => {
      let spare: Promise<Started> | undefined;
      const stopping: Promise<void>[] = [];
      await use({
        take() {
          // A spare that failed to start fails the test that takes it (with the host's own error):
          // a start that fails is a bug to see, not one to start again past.
          const taken = spare ?? startOne();
          spare = startOne();
          spare.catch(() => undefined);
          return taken;
        },
        retire(started) {
          const stopped = stopOne(started);
          stopped.catch(() => undefined); // awaited (and failing) at the worker's end, not unhandled now
          stopping.push(stopped);
        },
      });
      const left = await spare?.catch(() => undefined);
      if (left) stopping.push(stopOne(left));
      await Promise.all(stopping);
    },
    { scope: 'worker' },
  ],
  server: async ({ hosts }, use) => {
    const started = await hosts.take();
    const { proc, dataDir } = started;
    const loginUrl = /Open the UI \(signed in for this run\): (\S+)/.exec(proc.stdout())?.[1];
    if (!loginUrl) throw new Error(`no login link in:\n${proc.stdout()}`);
    await use({ ...proc, dataDir, loginUrl, auth: `Basic ${Buffer.from(`${E2E_EMAIL}:${E2E_TOKEN}`).toString('base64')}` });
    hosts.retire(started);
  },
});
export { expect } from '@playwright/test';
