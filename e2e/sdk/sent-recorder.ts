import type { Page } from '@playwright/test';

// Observes what the SDK hands to the browser's transports (XMLHttpRequest and
// navigator.sendBeacon) without changing it: the messageIds it generated are read from there.

export interface SentRequest {
  transport: 'xhr' | 'beacon';
  url: string;
  body: string;
}

export async function recordSdkRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Runs in the page (browser globals reached through globalThis: this file compiles without the DOM lib).
    const w = globalThis as any;
    const sent: { transport: string; url: string; body: string }[] = [];
    const pending: Promise<unknown>[] = [];
    w.__sdkSent = sent;
    w.__sdkPending = pending;
    const proto = w.XMLHttpRequest.prototype;
    const open = proto.open;
    proto.open = function (this: { __url?: string }, method: string, url: unknown, ...rest: unknown[]) {
      this.__url = String(url);
      return open.call(this, method, url, ...rest);
    };
    const send = proto.send;
    proto.send = function (this: { __url?: string }, body?: unknown) {
      if (typeof body === 'string') sent.push({ transport: 'xhr', url: this.__url ?? '', body });
      return send.call(this, body);
    };
    const beacon = w.navigator.sendBeacon.bind(w.navigator);
    w.navigator.sendBeacon = (url: unknown, data?: unknown) => {
      if (data instanceof w.Blob) pending.push((data as { text(): Promise<string> }).text().then((body) => sent.push({ transport: 'beacon', url: String(url), body })));
      else if (typeof data === 'string') sent.push({ transport: 'beacon', url: String(url), body: data });
      return beacon(url, data);
    };
  });
}

export async function sentRequests(page: Page): Promise<SentRequest[]> {
  return page.evaluate(async () => {
    const w = globalThis as any;
    await Promise.all(w.__sdkPending);
    return w.__sdkSent;
  });
}

/** The events in the bodies the SDK sent to the event API (single calls and batches). */
export function sentEvents(requests: SentRequest[]): Record<string, any>[] {
  return requests
    .filter((r) => /\/(beacon\/)?v1\//.test(r.url))
    .flatMap((r) => {
      const body = JSON.parse(r.body);
      return Array.isArray(body.batch) ? body.batch : [body];
    });
}
