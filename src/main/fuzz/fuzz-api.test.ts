import Analytics from '@rudderstack/rudder-sdk-node';
import { execFile } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, TEST_WRITE_KEY, startTestStudio, type TestStudio } from '../testing/harness';

// Issue 41: fuzzing from real captured traffic. 64 orders sent with the real RudderStack Node SDK,
// `properties.total` a number in 62 and a string in 2 (the conflict the schema learns), and a
// planted bug that only a string total trips: `total.toFixed(2)`.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const BUGGY = `export function transformEvent(event) {
  event.properties.total = event.properties.total.toFixed(2);
  return event;
}`;
const FIXED = `export function transformEvent(event) {
  const total = Number(event.properties?.total ?? 0);
  return { ...event, properties: { ...event.properties, total: total.toFixed(2) } };
}`;
const TO_FIXED = 'TypeError: event.properties.total.toFixed is not a function';

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
  const errors: unknown[] = [];
  const client = new Analytics(TEST_WRITE_KEY, { dataPlaneUrl: studio.url, logLevel: 'error', errorHandler: (error) => errors.push(error) });
  for (let i = 0; i < 64; i++) {
    const total = i === 7 || i === 40 ? `${i}.50` : 10 + i;
    client.track({ userId: `user-${i}`, event: 'Order Completed', properties: { total, currency: 'EUR', orderId: `o-${i}`, products: [{ sku: `s-${i}`, price: 5 }] } } as never);
  }
  client.identify({ userId: 'user-1', traits: { plan: 'pro', email: 'ann@example.com' } } as never);
  await client.flush();
  expect(errors).toEqual([]);
  // The schema is folded in the background: wait until it has all 65 events.
  for (;;) {
    const { status } = (await studio.call('GET', '/studio/api/schema')).body;
    if (status.latestId === 65 && status.behind === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await studio?.close();
});

const fuzz = (body: Record<string, unknown>) => studio.call('POST', '/studio/api/fuzz', { code: BUGGY, transformationName: 'Totals', timeLimitMs: 5_000, ...body });

const cli = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((done) => {
    execFile(process.execPath, [resolve(root, 'bin/studio.mjs'), 'fuzz', ...args], { env: { ...process.env, STUDIO_URL: studio.url, STUDIO_EMAIL: TEST_EMAIL, STUDIO_TOKEN: TEST_TOKEN } }, (error, stdout, stderr) =>
      done({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('POST /studio/api/fuzz on captured traffic', () => {
  it('finds the string total within its 5 s budget, shrunk to an event whose only property is a string total; the same seed gives the same event', async () => {
    const answer = await fuzz({ seed: 41 });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.eventNames).toEqual(expect.arrayContaining(['track Order Completed', 'identify']));
    const failure = answer.body.failures.find((f: any) => f.message === TO_FIXED);
    expect(failure, JSON.stringify(answer.body.failures.map((f: any) => f.message))).toBeDefined();
    expect(failure).toMatchObject({ kind: 'throw', module: 'Totals', line: 2, shrunk: true });
    expect(failure.error).toContain('(Totals:2:');
    expect(failure.event.type).toBe('track');
    expect(Object.keys(failure.event.properties)).toEqual(['total']);
    expect(failure.event.properties.total).toBe(''); // a string, shrunk to the smallest one
    // Nothing else of the event is needed to fail: only type, event name and properties are left.
    expect(Object.keys(failure.event).sort()).toEqual(['event', 'properties', 'type']);
    // Missing, null and array-shaped properties/totals fail differently: separate groups.
    const messages = answer.body.failures.map((f: any) => f.message);
    expect(new Set(messages).size).toBe(messages.length);
    expect(messages).toContain("TypeError: Cannot read properties of undefined (reading 'toFixed')");

    const again = await fuzz({ seed: 41 });
    expect(again.body.failures.find((f: any) => f.message === TO_FIXED).event).toEqual(failure.event);
  });

  it('the fixed code passes; the minimal event as a saved test (must not throw) fails until the code is fixed', async () => {
    const { body: found } = await fuzz({ seed: 7 });
    const minimal = found.failures.find((f: any) => f.message === TO_FIXED).event;
    const fixed = await studio.call('POST', '/studio/api/fuzz', { code: FIXED, transformationName: 'Totals', seed: 7, timeLimitMs: 5_000 });
    expect(fixed.body.failures.map((f: any) => [f.message, f.event])).toEqual([]);
    expect(fixed.body.runs).toBeGreaterThan(0);

    const created = await studio.call('POST', '/transformations', { name: 'Totals', code: BUGGY });
    expect(created.status, created.text).toBe(200);
    const saved = await studio.call('PUT', `/studio/api/transformations/${created.body.id}/test-events`, { events: [{ name: 'fuzz: string total', event: minimal }] });
    expect(saved.status, saved.text).toBe(200);
    const failing = (await studio.call('POST', '/studio/api/saved-tests/run')).body.results.find((r: any) => r.name === 'Totals');
    expect(failing.passed).toBe(false);
    expect(JSON.stringify(failing.failures), JSON.stringify({ minimal, failing })).toContain('toFixed is not a function');
    expect((await studio.call('POST', `/transformations/${created.body.id}`, { code: FIXED })).status).toBe(200);
    const passing = (await studio.call('POST', '/studio/api/saved-tests/run')).body.results.find((r: any) => r.name === 'Totals');
    expect(passing.passed).toBe(true);
    expect((await studio.call('POST', `/transformations/${created.body.id}`, { code: BUGGY })).status).toBe(200);
  });

  it('studio fuzz with a seed prints the same minimal event as the API and exits 1; a clean run exits 0', async () => {
    const api = (await fuzz({ seed: 1234 })).body.failures.find((f: any) => f.message === TO_FIXED);
    const run = await cli(['--transformation', 'Totals', '--seed', '1234', '--seconds', '5']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout, run.stderr).toContain(`FAIL ${TO_FIXED} at Totals:2`);
    expect(run.stdout).toContain(`minimal event ${JSON.stringify(api.event)}`);
    expect(run.stdout).toContain('--seed 1234');
    const id = (await studio.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === 'Totals').id;
    expect((await studio.call('POST', `/transformations/${id}`, { code: FIXED })).status).toBe(200);
    const clean = await cli(['--transformation', 'Totals', '--seed', '1234', '--seconds', '5']);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toContain('no failures');
    expect((await cli(['--transformation', 'nope'])).stdout + (await cli(['--transformation', 'nope'])).stderr).toContain('no transformation named "nope"');
    expect((await cli([])).code).toBe(2);
  });

  it('refuses bad input with a 400 that says what to do', async () => {
    expect((await fuzz({ maxRuns: 0 })).status).toBe(400);
    const none = await fuzz({ eventName: 'Never Sent' });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('no captured events named "Never Sent"');
    const broken = await fuzz({ code: 'export function transformEvent(e) { return e' });
    expect(broken.status, broken.text).toBe(400);
  });
});
