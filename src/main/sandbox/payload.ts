import type { TransformInput } from './types';

// The one string (or UTF-8 bytes) a batch enters the isolate as; the runtime parses it there.

/**
 * `{"e":[events],"m":[metadata]|null}`: stored events' texts are put together as bytes (never
 * decoded here), other events serialised.
 */
export function payloadOf(input: TransformInput): string | Buffer {
  const metadata = input.metadata ? JSON.stringify(input.metadata) : 'null';
  if (Array.isArray(input.events)) return `{"e":${JSON.stringify(input.events)},"m":${metadata}}`;
  if (input.events.joined !== undefined) return `{"e":[${input.events.joined}],"m":${metadata}}`;
  const parts: Uint8Array[] = [Buffer.from('{"e":[')];
  const comma = Buffer.from(',');
  input.events.json.forEach((text, i) => {
    if (i > 0) parts.push(comma);
    parts.push(typeof text === 'string' ? Buffer.from(text, 'utf8') : text);
  });
  parts.push(Buffer.from(`],"m":${metadata}}`));
  return Buffer.concat(parts);
}

