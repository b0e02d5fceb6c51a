// What the event composer sends (pure): the event API's body for a type, a name, a user and
// fields given as dotted paths with JSON-or-text values.

export const TYPES = ['track', 'identify', 'page', 'screen', 'group', 'alias'] as const;
export type ComposedType = (typeof TYPES)[number];

export interface Field {
  path: string;
  value: string;
}

/** Where a type's own fields live: properties of track/page/screen, traits of identify/group. */
export const fieldRoot = (type: ComposedType) => (type === 'identify' || type === 'group' ? 'traits' : 'properties');

/** A value as typed: JSON when it parses (42, true, "a", {…}), else the text itself. */
export function typedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** 16 random hex digits (crypto.randomUUID needs a secure context; a host on --host may not be one). */
const randomHex = () => [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The body of POST /v1/<type>: fields set at their paths (`properties.total` or just `total` under the type's root). */
export function buildEvent(type: ComposedType, name: string, userId: string, fields: Field[]): Record<string, unknown> & { messageId: string } {
  const body: Record<string, unknown> & { messageId: string } = { messageId: `composer-${randomHex()}`, type, ...(userId.trim() ? { userId: userId.trim() } : { anonymousId: 'composer' }) };
  if (type === 'track') body.event = name.trim();
  if ((type === 'page' || type === 'screen') && name.trim()) body.name = name.trim();
  const root = fieldRoot(type);
  for (const field of fields) {
    const path = field.path.trim();
    if (!path) continue;
    const parts = (path.includes('.') ? path : `${root}.${path}`).split('.');
    let at: Record<string, unknown> = body;
    for (const part of parts.slice(0, -1)) {
      if (typeof at[part] !== 'object' || at[part] === null) at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts[parts.length - 1]!] = typedValue(field.value);
  }
  if (!body[root]) body[root] = {};
  return body;
}

/** What the learned schema knows of one event (type, name, paths with sample values): the composer's completion. */
export interface KnownEvent {
  type: string;
  name: string;
  paths: { path: string; types: Record<string, number>; samples: string[] }[];
}

export interface Completions {
  /** Event (or page/screen) names of the type, most frequent first. */
  names: string[];
  /** Field paths to offer: the named event's own when the schema knows it, else those of every event of the type. */
  paths: string[];
  /** Sample values per path (JSON text, as the value box takes them). */
  samples: Map<string, string[]>;
}

/**
 * The composer's completion from the learned schema: names of the chosen type; the fields of the
 * chosen event (under its type's root or context, leaves only: no arrays' elements, no objects
 * that only hold other fields) with their sample values.
 */
export function completions(events: readonly KnownEvent[], type: ComposedType, name: string): Completions {
  const ofType = events.filter((e) => e.type === type);
  const named = ofType.filter((e) => e.name === name.trim());
  const root = fieldRoot(type);
  const paths: string[] = [];
  const samples = new Map<string, string[]>();
  for (const event of named.length > 0 ? named : ofType) {
    for (const p of event.paths) {
      if (!(p.path.startsWith(`${root}.`) || p.path.startsWith('context.')) || p.path.includes('[]')) continue;
      if (Object.keys(p.types).every((t) => t === 'object' || t === 'array')) continue;
      if (!samples.has(p.path)) paths.push(p.path);
      samples.set(p.path, [...new Set([...(samples.get(p.path) ?? []), ...p.samples])]);
    }
  }
  return { names: [...new Set(ofType.map((e) => e.name).filter(Boolean))], paths, samples };
}
