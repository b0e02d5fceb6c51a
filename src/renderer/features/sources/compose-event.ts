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
