import type { LibraryInfo } from '../../editor/library-exports';

/** A starting point for a new transformation. */
export interface TransformationTemplate {
  id: string;
  title: string;
  summary: string;
  /** Enrich-with-a-library templates need a library to import. */
  needsLibrary?: boolean;
  code(library?: LibraryInfo): string;
}

const blank = `export function transformEvent(event, metadata) {
  // Return the event (changed or not), an array of events, or null to drop it.
  return event;
}
`;

const filterEvents = `// Drops events the destination should not receive.
const DROP_EVENTS = new Set(['Internal Test', 'Button Clicked']);

export function transformEvent(event, metadata) {
  if (event.type === 'track' && DROP_EVENTS.has(event.event)) return null;
  if (event.type === 'alias') return null;
  return event;
}
`;

const maskPii = `// Masks e-mail addresses and phone numbers and removes the IP address.
function mask(value) {
  if (typeof value !== 'string' || value.length === 0) return value;
  const at = value.indexOf('@');
  if (at > 0) return value[0] + '***' + value.slice(at);
  return value.slice(0, 2) + '***';
}

export function transformEvent(event, metadata) {
  for (const traits of [event.traits, event.context?.traits]) {
    if (!traits) continue;
    if (traits.email) traits.email = mask(traits.email);
    if (traits.phone) traits.phone = mask(traits.phone);
  }
  if (event.context) delete event.context.ip;
  return event;
}
`;

const renameFields = `// Renames properties to the names the destination expects.
const RENAMES = { label: 'button_label', value: 'amount' };

export function transformEvent(event, metadata) {
  const properties = event.properties;
  if (!properties) return event;
  for (const [from, to] of Object.entries(RENAMES)) {
    if (from in properties) {
      properties[to] = properties[from];
      delete properties[from];
    }
  }
  return event;
}
`;

const splitEvents = `// Turns one "Order Completed" event into one "Product Purchased" event per product.
export function transformEvent(event, metadata) {
  if (event.type !== 'track' || event.event !== 'Order Completed') return event;
  const products = event.properties?.products ?? [];
  log('splitting order', event.properties?.order_id, 'into', products.length, 'events');
  return products.map((product, index) => ({
    ...event,
    messageId: \`\${event.messageId}-\${index}\`,
    event: 'Product Purchased',
    properties: { order_id: event.properties.order_id, ...product },
  }));
}
`;

const batchDedupe = `// Keeps the first event of each (user, type, event name) in a batch.
export function transformBatch(events, metadata) {
  const seen = new Set();
  return events.filter((event) => {
    const key = \`\${event.userId ?? event.anonymousId}:\${event.type}:\${event.event ?? event.name ?? ''}\`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
`;

function enrich(library?: LibraryInfo): string {
  const importName = library?.importName ?? 'myLibrary';
  const fn = library?.exports?.find((e) => e.kind === 'function' && e.name !== 'default');
  const name = fn?.name ?? 'enrich';
  return `import { ${name} } from '${importName}';

// Adds a field computed by the "${library?.name ?? 'My Library'}" library.
export function transformEvent(event, metadata) {
  const source = event.event ?? event.name ?? event.type;
  event.properties = { ...event.properties, enriched: ${name}(source) };
  return event;
}
`;
}

export const TEMPLATES: TransformationTemplate[] = [
  { id: 'blank', title: 'Blank', summary: 'A transformEvent that returns each event unchanged.', code: () => blank },
  { id: 'filter', title: 'Filter events', summary: 'Drop events by type or name (return null).', code: () => filterEvents },
  { id: 'mask-pii', title: 'Mask PII', summary: 'Mask e-mail and phone traits, remove the IP address.', code: () => maskPii },
  { id: 'rename', title: 'Rename fields', summary: 'Map property names to what the destination expects.', code: () => renameFields },
  { id: 'split', title: 'Split events', summary: 'Return an array: one order becomes one event per product.', code: () => splitEvents },
  { id: 'dedupe', title: 'Batch dedupe', summary: 'A transformBatch that keeps the first of duplicate events.', code: () => batchDedupe },
  { id: 'enrich', title: 'Enrich with a library', summary: 'Import a function from one of your libraries.', needsLibrary: true, code: enrich },
];

export const LIBRARY_STARTER = `// Functions exported here can be imported by transformations:
//   import { normalizeEmail } from '<import name>';

// Lower-cases and trims an e-mail address.
export function normalizeEmail(value) {
  if (typeof value !== 'string') return value;
  return value.trim().toLowerCase();
}
`;
