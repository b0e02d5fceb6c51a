import type { TestEvent } from '../../api/types';

const at = '2026-01-15T10:00:00.000Z';
const base = (type: string, n: number, extra: TestEvent): TestEvent => ({
  type,
  messageId: `sample-${type}-${n}`,
  anonymousId: `anon-${n}`,
  userId: `user-${n}`,
  timestamp: at,
  context: { library: { name: 'analytics.js', version: '3.0.0' }, ip: '203.0.113.7' },
  ...extra,
});

const track = (n: number, event: string, properties: Record<string, unknown>) => base('track', n, { event, properties });

/** Test events that show what each template does (what it changes, drops or splits, and what it leaves alone). */
export const TEMPLATE_SAMPLES: Record<string, () => TestEvent[]> = {
  blank: () => [track(1, 'Signed Up', { plan: 'pro' }), base('identify', 2, { traits: { email: 'ada@example.com' } })],
  filter: () => [track(1, 'Internal Test', { by: 'qa' }), track(2, 'Button Clicked', { label: 'buy' }), track(3, 'Signed Up', { plan: 'pro' }), base('alias', 4, { previousId: 'anon-4' })],
  'mask-pii': () => [
    base('identify', 1, { traits: { email: 'ada.lovelace@example.com', phone: '+44 20 7946 0958', name: 'Ada' } }),
    track(2, 'Signed Up', { plan: 'pro' }),
  ],
  rename: () => [track(1, 'Button Clicked', { label: 'buy', value: 42 }), track(2, 'Signed Up', { plan: 'pro' })],
  split: () => [
    track(1, 'Order Completed', { order_id: 'o-1', products: [{ sku: 'sku-1', price: 10 }, { sku: 'sku-2', price: 20 }] }),
    track(2, 'Product Viewed', { sku: 'sku-3' }),
  ],
  dedupe: () => [track(1, 'Page Loaded', { path: '/' }), { ...track(1, 'Page Loaded', { path: '/' }), messageId: 'sample-track-1b' }, track(2, 'Page Loaded', { path: '/pricing' })],
  enrich: () => [track(1, 'Signed Up', { plan: 'pro' }), base('page', 2, { name: 'Pricing', properties: { path: '/pricing' } })],
};

export function templateSamples(templateId: string): TestEvent[] {
  return (TEMPLATE_SAMPLES[templateId] ?? TEMPLATE_SAMPLES.blank!)();
}
