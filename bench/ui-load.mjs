#!/usr/bin/env node
// Cold first load of the UI in Chromium against the headless host, beside a floor measured in the
// same run: a small static page served by the same server (same HTTP stack, same browser start).
//  - first load: a fresh browser context opens the sign-in link and waits for the overview;
//  - to an interactive editor: from there, open a transformation until its code editor takes input;
//  - transferred bytes of the first load (what went over the wire, compressed or not).
//
//   node bench/ui-load.mjs [--runs N]     (needs `npm run build`; npm run bench builds when stale)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import nodeFlags from '../src/main/hosts/node-flags.json' with { type: 'json' };

const root = new URL('..', import.meta.url).pathname;
const runsFlag = process.argv.indexOf('--runs');
const RUNS = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 7;
const EMAIL = 'bench@example.com';
const TOKEN = 'bench-token';
const AUTH = `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`;

async function startHost() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
  const child = spawn(process.execPath, [...nodeFlags.core, join(root, 'out/main/headless.js'), '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, STUDIO_EMAIL: EMAIL, STUDIO_TOKEN: TOKEN, STUDIO_WRITE_KEY: 'bench-write-key' },
  });
  let out = '';
  const { url, loginUrl } = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`headless host did not start: ${out}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      const login = /Open the UI \(signed in for this run\): (\S+)/.exec(out)?.[1];
      if (base && login) {
        clearTimeout(timer);
        resolve({ url: base, loginUrl: login });
      }
    });
    child.once('exit', (code) => reject(new Error(`headless host exited with ${code}: ${out}`)));
  });
  return {
    url,
    loginUrl,
    async stop() {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs `steps` in a fresh context (empty cache); returns its timings and the bytes of the first navigation. */
async function cold(browser, steps) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  const result = await steps(page, () => bytes);
  await context.close();
  return { ...result, bytes };
}

const floorFile = join(root, 'out/renderer/bench-floor.html');
writeFileSync(floorFile, '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><h1 id="ready">Floor</h1></body></html>\n');
const host = await startHost();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const created = await fetch(`${host.url}/transformations`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Load', description: '', code: 'export function transformEvent(event, metadata) {\n  return event;\n}\n' }),
  });
  if (!created.ok) throw new Error(`could not create a transformation: ${created.status} ${await created.text()}`);
  const { id } = await created.json();

  const floors = [];
  const loads = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const floor = await cold(browser, async (page) => {
      const t0 = performance.now();
      await page.goto(`${host.url}/bench-floor.html`, { waitUntil: 'load' });
      await page.locator('#ready').waitFor();
      return { ms: performance.now() - t0 };
    });
    const load = await cold(browser, async (page, bytesSoFar) => {
      const t0 = performance.now();
      await page.goto(host.loginUrl);
      await page.getByRole('heading', { name: 'Transformation Studio' }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      const firstLoad = performance.now() - t0;
      await page.waitForLoadState('networkidle');
      const firstBytes = bytesSoFar();
      const t1 = performance.now();
      await page.goto(`${host.url}/#/transformations/${encodeURIComponent(id)}`);
      const editor = page.getByTestId('code-editor').locator('.cm-content');
      await editor.waitFor();
      await editor.focus();
      await page.keyboard.type('x');
      await page.getByTestId('unsaved').waitFor();
      return { ms: firstLoad, openMs: performance.now() - t1, firstBytes };
    });
    if (i === 0) continue; // the browser's own first start
    floors.push(floor);
    loads.push(load);
  }
  const floorMs = median(floors.map((f) => f.ms));
  const loadMs = median(loads.map((l) => l.ms));
  const openMs = median(loads.map((l) => l.openMs));
  const bytes = median(loads.map((l) => l.firstBytes));
  const allBytes = median(loads.map((l) => l.bytes));
  console.log(`ui-load: ${RUNS} cold runs in Chromium, medians`);
  console.log(`  floor: static page from the same server      ${floorMs.toFixed(0).padStart(6)} ms`);
  console.log(`  first load to the overview (signed in)       ${loadMs.toFixed(0).padStart(6)} ms   target <= ${(1.5 * floorMs + 300).toFixed(0)} ms (1.5x floor + 300 ms)`);
  console.log(`  open a transformation to a typing editor     ${openMs.toFixed(0).padStart(6)} ms`);
  console.log(`  first load to interactive editor (sum)       ${(loadMs + openMs).toFixed(0).padStart(6)} ms`);
  console.log(`  transferred bytes of the first load          ${String(bytes).padStart(6)} B  (${(bytes / 1024).toFixed(0)} KB)`);
  console.log(`  transferred bytes up to the typing editor    ${String(allBytes).padStart(6)} B  (${(allBytes / 1024).toFixed(0)} KB)`);
} finally {
  await browser.close();
  await host.stop();
  unlinkSync(floorFile);
}
