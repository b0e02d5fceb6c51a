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
    const sent: { transport: string; url: string; body: string }[] = [];
    const pending: Promise<unknown>[] = [];
    (window as any).__sdkSent = sent;
    (window as any).__sdkPending = pending;
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, method: string, url: string | URL, ...rest: unknown[]) {
      this.__url = String(url);
      return (open as any).call(this, method, url, ...rest);
    };
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body?: Document | XMLHttpRequestBodyInit | null) {
      if (typeof body === 'string') sent.push({ transport: 'xhr', url: this.__url ?? '', body });
      return send.call(this, body);
    };
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (data instanceof Blob) pending.push(data.text().then((body) => sent.push({ transport: 'beacon', url: String(url), body })));
      else if (typeof data === 'string') sent.push({ transport: 'beacon', url: String(url), body: data });
      return beacon(url, data);
    };
  });
}

export async function sentRequests(page: Page): Promise<SentRequest[]> {
  return page.evaluate(async () => {
    await Promise.all((window as any).__sdkPending);
    return (window as any).__sdkSent;
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
