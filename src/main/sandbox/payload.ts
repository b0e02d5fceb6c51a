import type { TransformInput } from './types';

// The one string a batch enters the isolate as; the runtime parses it there.

/** `{"e":[events],"m":[metadata]|null}`: stored events' texts are put in as they are, other events serialised. */
export function payloadOf(input: TransformInput): string {
  const metadata = input.metadata ? JSON.stringify(input.metadata) : 'null';
  if (Array.isArray(input.events)) return `{"e":${JSON.stringify(input.events)},"m":${metadata}}`;
  return `{"e":[${input.events.json.join(',')}],"m":${metadata}}`;
}
