// Helpers of the workspace CLI tests: run bin/studio.mjs, copy the Action-layout fixture.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The transformation GitHub Action's src/testdata layout, written for this repository (not copied). */
export const ACTION_FIXTURE = join(REPO, 'e2e/fixtures/action-repo');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `studio ARGS` (bin/studio.mjs) in `cwd` with no server anywhere. */
export function studio(args: string[], cwd = REPO, env: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((done) => {
    execFile(process.execPath, [join(REPO, 'bin/studio.mjs'), ...args], { cwd, env: { ...process.env, STUDIO_URL: '', ...env }, timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A copy of the fixture repository in a temporary folder (to change files in). */
export function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-action-repo-'));
  cpSync(ACTION_FIXTURE, dir, { recursive: true });
  return dir;
}

const COUNTRIES = ['Germany', 'Japan', 'France', 'Canada', 'Japan', 'Mars'];
/** 30 orders for the Action fixture's code (src/testdata/code.js), shipped to six countries: the impact report's events. */
export const IMPACT_EVENTS = Array.from({ length: 30 }, (_, i) => ({
  type: 'track',
  event: 'Order Completed',
  userId: `u-${i}`,
  messageId: `m-${i}`,
  properties: { orderId: `o-${i}`, items: [{ price: i + 1, quantity: 1 + (i % 3) }] },
  context: { traits: { shipping: { country: COUNTRIES[i % COUNTRIES.length] } } },
}));
