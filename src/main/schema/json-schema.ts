import type { SchemaEvent } from '../../shared/api/schema';

// The learned schema of one event as a JSON Schema (draft 2020-12), for tracking plans: nested
// objects from the dotted paths, `[]` segments as array items, the observed types (several when
// they conflict), required where every event of the name carried the path.

type Node = { type?: string | string[]; properties?: Record<string, Node>; items?: Node; required?: string[]; examples?: unknown[] };

const jsonTypes = (types: Record<string, number>): string | string[] => {
  const list = Object.keys(types).sort();
  return list.length === 1 ? list[0]! : list;
};

const parseSamples = (samples: string[]) =>
  samples.flatMap((s) => {
    try {
      return [JSON.parse(s) as unknown];
    } catch {
      return []; // cut to length: not an example
    }
  });

/** Splits `properties.products[].sku` into `properties`, `products`, `[]`, `sku`. */
const segments = (path: string) => path.split('.').flatMap((part) => {
  const name = part.replace(/(\[\])+$/, '');
  const arrays = (part.length - name.length) / 2;
  return [...(name ? [name] : []), ...Array.from({ length: arrays }, () => '[]')];
});

export function toJsonSchema(event: SchemaEvent): Record<string, unknown> {
  const root: Node = { type: 'object', properties: {} };
  for (const p of event.paths) {
    let node = root;
    let always = p.share >= 1;
    const parts = segments(p.path);
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      if (part === '[]') {
        always = false;
        node.items ??= {};
        node = node.items;
      } else {
        // Keys are captured property names (`__proto__`, `constructor` included): a map without a
        // prototype and own-property reads, so no name reaches Object.prototype.
        const properties = (node.properties ??= Object.create(null) as Record<string, Node>);
        if (!Object.hasOwn(properties, part)) properties[part] = {};
        const child = properties[part]!;
        if (last && always) node.required = [...new Set([...(node.required ?? []), part])];
        node = child;
      }
      if (last) {
        node.type = jsonTypes(p.types);
        const examples = p.pii ? [] : parseSamples(p.samples);
        if (examples.length) node.examples = examples;
      }
    });
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: event.name ? `${event.type} "${event.name}"` : event.type,
    description: `Learned from ${event.count} captured events (${event.firstSeen} to ${event.lastSeen})`,
    ...root,
  };
}
