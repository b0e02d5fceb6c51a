// Code, events and a state snapshot shared by the publish integration tests (not used by the app).
import type { TestStudio } from './harness';
import { ok, query } from './management-support';

export const IDENTITY = 'export function transformEvent(event) { return event; }';
export const EVENT_UTILS_V1 = `export function maskEmail(value) {
  const [local, domain] = String(value).trim().toLowerCase().split('@');
  return local[0] + '***@' + domain;
}
export const flavour = 'v1';`;
export const EVENT_UTILS_V2 = `export function maskEmail(value) { return 'hidden'; }
export const flavour = 'v2';`;
export const MASK_PII = `import { maskEmail, flavour } from 'eventUtils';
export function transformEvent(event, metadata) {
  if (event.traits?.email) event.traits.email = maskEmail(event.traits.email);
  event.context = { ...event.context, transformedBy: metadata(event).transformationId ?? 'local', flavour };
  log('masked', event.messageId);
  return event;
}`;
export const FAULTY = `export function transformEvent(event) {
  if (!event.properties) throw new Error('no properties on ' + event.messageId);
  event.properties.checked = true;
  return event;
}`;
export const EVENTS = [
  { type: 'identify', messageId: 'm1', userId: 'u1', traits: { email: ' Alice@Example.com ' } },
  { type: 'track', messageId: 'm2', userId: 'u2', event: 'Order', properties: { total: 3 } },
];

/** Everything a client can read back, to compare before and after a failed publish. */
export async function snapshot(t: TestStudio) {
  const transformations = (await ok(t, 'GET', '/transformations')).transformations;
  const libraries = (await ok(t, 'GET', '/libraries')).libraries;
  const detail: Record<string, unknown> = {};
  for (const x of transformations) {
    detail[`t:${x.id}`] = await ok(t, 'GET', `/transformations/${x.id}`);
    detail[`tv:${x.id}`] = await ok(t, 'GET', `/transformations/${x.id}/versions?count=1000`);
  }
  for (const x of libraries) {
    detail[`l:${x.id}`] = await ok(t, 'GET', `/libraries/${x.id}`);
    detail[`lv:${x.id}`] = await ok(t, 'GET', `/libraries/${x.id}/versions?count=1000`);
  }
  const pins = query(t, 'SELECT * FROM transformation_version_libraries ORDER BY 1, 2');
  const published = query(t, 'SELECT id, published_at FROM transformation_versions UNION ALL SELECT id, published_at FROM library_versions ORDER BY 1');
  return { transformations, libraries, detail, pins, published };
}
