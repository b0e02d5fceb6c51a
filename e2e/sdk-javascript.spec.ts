import type { Page } from '@playwright/test';
import { PipelinePage } from './pages/pipeline-page';
import { expect, test, type StudioServer } from './studio-fixture';
import { startSdkSite, type SdkSite } from './sdk/sdk-page-server';
import { recordSdkRequests, sentEvents, sentRequests } from './sdk/sent-recorder';

// The real, unmodified JavaScript SDKs (v3 @rudderstack/analytics-js and the legacy v2
// rudder-sdk-js, as their npm packages ship them) on a page of another origin, with the local
// instance as both control plane (configUrl) and data plane. No request may leave 127.0.0.1.

const WRITE_KEY = 'cli-write-key';
let site: SdkSite;
test.beforeAll(async () => {
  site = await startSdkSite();
});
test.afterAll(async () => {
  await site.close();
});

/** Opens the customer page with the outside world cut off; returns the outside URLs asked for. */
async function openSite(page: Page, bundle: string): Promise<string[]> {
  const outside: string[] = [];
  await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  await recordSdkRequests(page);
  await page.goto(site.url);
  await page.addScriptTag({ url: `${site.url}${bundle}` });
  return outside;
}

/** The five calls, each tagged with the run's name so its events can be told apart. */
const CALLS = (run: string) => `
  sdk.identify('user-${run}', { email: '${run}@example.com', plan: 'pro' });
  sdk.track('Order Completed', { revenue: 42.5, currency: 'EUR', items: [{ sku: 'a-1', qty: 2 }], run: '${run}' });
  sdk.page('Shop', 'Checkout', { run: '${run}', step: 3 });
  sdk.group('group-${run}', { name: 'Acme', employees: 12 });
  sdk.alias('alias-${run}');
`;

async function capturedByMessageId(server: StudioServer, messageId: string): Promise<any[]> {
  const answer = await fetch(`${server.url}/studio/api/events?messageId=${encodeURIComponent(messageId)}`, { headers: { authorization: server.auth } });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { events: any[] }).events;
}

/** Every event the SDK sent is captured exactly once with what it sent intact. */
async function expectCapturedOnce(page: Page, server: StudioServer, transport: 'xhr' | 'beacon', path: RegExp) {
  let events: Record<string, any>[] = [];
  await expect
    .poll(async () => {
      const requests = await sentRequests(page);
      events = sentEvents(requests);
      return events.map((e) => e.type).sort();
    }, { timeout: 20_000 })
    .toEqual(['alias', 'group', 'identify', 'page', 'track']);
  const requests = (await sentRequests(page)).filter((r) => /\/(beacon\/)?v1\//.test(r.url));
  for (const r of requests) {
    expect(r.transport).toBe(transport);
    expect(new URL(r.url).pathname).toMatch(path);
  }
  const ids = events.map((e) => e.messageId as string);
  expect(new Set(ids).size).toBe(5);
  for (const sent of events) {
    let stored: any[] = [];
    await expect.poll(async () => (stored = await capturedByMessageId(server, sent.messageId)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(stored, `messageId ${sent.messageId} captured once`).toHaveLength(1);
    const { sentAt: _sentAt, ...fields } = sent;
    expect(stored[0].event).toMatchObject(fields);
  }
}

interface Scenario {
  sdk: 'v3' | 'v2';
  name: string;
  transport: 'xhr' | 'beacon';
  path: RegExp;
  options: Record<string, unknown>;
}

const SINGLE = /^\/v1\/(identify|track|page|group|alias)$/;
const BEACON = { useBeacon: true, beaconQueueOptions: { flushQueueInterval: 500 } };
const scenarios: Scenario[] = [
  { sdk: 'v3', name: 'XHR, one request per event', transport: 'xhr', path: SINGLE, options: {} },
  { sdk: 'v3', name: 'XHR with batching', transport: 'xhr', path: /^\/v1\/batch$/, options: { queueOptions: { batch: { enabled: true, maxItems: 10, flushInterval: 500 } } } },
  { sdk: 'v3', name: 'beacon', transport: 'beacon', path: /^\/beacon\/v1\/batch$/, options: BEACON },
  { sdk: 'v2', name: 'XHR, one request per event', transport: 'xhr', path: SINGLE, options: {} },
  { sdk: 'v2', name: 'beacon', transport: 'beacon', path: /^\/beacon\/v1\/batch$/, options: BEACON },
];
const bundles = { v3: '/sdk/v3-bundled.js', v2: '/sdk/v2.js' };
const titles = { v3: 'analytics-js v3 (bundled build)', v2: 'rudder-sdk-js v2 (legacy)' };

for (const scenario of scenarios) {
  test(`${titles[scenario.sdk]} with configUrl on the local instance: ${scenario.name}`, async ({ page, server }) => {
    const outside = await openSite(page, bundles[scenario.sdk]);
    const configAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/sourceConfig/') configAnswers.push(response.status());
    });
    const run = `${scenario.sdk}-${scenario.name.replace(/\W+/g, '-')}`;
    const loaded = await page.evaluate(
      async ({ sdkVersion, writeKey, url, options, calls }) => {
        const w = globalThis as any;
        // v3: an instance of the exported class; v2: the module's functions.
        const sdk = sdkVersion === 'v3' ? new w.rudderanalytics.RudderAnalytics() : w.rudderanalytics;
        w.sdk = sdk;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the SDK never became ready')), 15_000);
          sdk.load(writeKey, url, { configUrl: url, ...options });
          sdk.ready(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        new Function('sdk', calls)(sdk);
        return true;
      },
      { sdkVersion: scenario.sdk, writeKey: WRITE_KEY, url: server.url, options: scenario.options, calls: CALLS(run) },
    );
    expect(loaded).toBe(true);
    await expectCapturedOnce(page, server, scenario.transport, scenario.path);
    expect(configAnswers).toEqual([200]);
    expect(outside).toEqual([]);
  });
}

test('the Sources page gives the JavaScript SDK snippets that work offline (bundled build, configUrl here)', async ({ page, server }) => {
  const ui = new PipelinePage(page, server);
  await ui.signIn();
  await ui.go('Sources');
  const v3 = page.getByTestId('snippet-js');
  await expect(v3).toContainText("from '@rudderstack/analytics-js/bundled'");
  await expect(v3).toContainText(`configUrl: '${server.url}'`);
  await expect(v3).toContainText(WRITE_KEY);
  await expect(page.getByTestId('snippet-js-v2')).toContainText(`{ configUrl: '${server.url}' }`);
  await v3.scrollIntoViewIfNeeded();
  await ui.screenshot('sources-sdk-snippets');
});
