import { expect, type Locator, type Page } from '@playwright/test';
import { shootBoth } from '../shots';
import type { StudioServer } from '../studio-fixture';

/** The data-plane pages (Sources, Events, Destinations) in the words of the UI, plus API seeding helpers. */
export class PipelinePage {
  constructor(
    readonly page: Page,
    readonly server: StudioServer,
  ) {}

  async signIn(): Promise<void> {
    await this.page.goto(this.server.loginUrl);
    await expect(this.page.getByRole('heading', { name: 'Transformation Studio' })).toBeVisible();
  }

  async go(name: 'Overview' | 'Sources' | 'Events' | 'Destinations' | 'Transformations'): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  }

  /** A studio/management API call with the run's credentials. */
  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server.url}${path}`, {
      method,
      headers: { authorization: this.server.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Sends events the way curl or an SDK would: POST /v1/<path> with Basic writeKey:. */
  async send(writeKey: string, path: string, body: unknown): Promise<void> {
    const response = await fetch(`${this.server.url}/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(await response.text()).toBe('OK');
  }

  async defaultSource(): Promise<{ id: string; writeKey: string; name: string }> {
    return (await this.api<{ sources: { id: string; writeKey: string; name: string }[] }>('GET', '/studio/api/sources')).sources[0]!;
  }

  get rows(): Locator {
    return this.page.getByTestId('event-row');
  }

  chip(type: string): Locator {
    return this.page.getByTestId(`type-chip-${type}`);
  }

  /** Fills a filter field and applies the filters. */
  async filter(label: string, value: string): Promise<void> {
    await this.page.getByRole('form', { name: 'Event filters' }).getByLabel(label).fill(value);
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  /** Screenshots at both reference sizes (shots.ts). */
  screenshot(name: string): Promise<void> {
    return shootBoth(this.page, name);
  }
}
