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

/** Each test gets the headless host on its own temp data directory. */
export const test = base.extend<{ server: StudioServer }>({
  server: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
    const proc = await startHeadless({ dataDir });
    const loginUrl = /Open the UI \(signed in for this run\): (\S+)/.exec(proc.stdout())?.[1];
    if (!loginUrl) throw new Error(`no login link in:\n${proc.stdout()}`);
    await use({ ...proc, dataDir, loginUrl, auth: `Basic ${Buffer.from(`${E2E_EMAIL}:${E2E_TOKEN}`).toString('base64')}` });
    await proc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});
export { expect } from '@playwright/test';
