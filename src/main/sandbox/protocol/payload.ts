import type { TransformInput } from '../types';

// The string a batch enters the isolate as; the runtime parses it there.

/**
 * `{"e":[events],"m":[metadata]|null}`: stored events' texts are put in as they are, other events
 * serialised; or `{"b":{…,"events":[events]},"m":…}`: the text the events were parsed from.
 */
export function payloadOf(input: TransformInput): string {
  const metadata = input.metadata ? JSON.stringify(input.metadata) : 'null';
  if (input.eventsSource !== undefined) return `{"b":${input.eventsSource},"m":${metadata}}`;
  if (Array.isArray(input.events)) return `{"e":${JSON.stringify(input.events)},"m":${metadata}}`;
  return `{"e":[${input.events.json.join(',')}],"m":${metadata}}`;
}

/** Batches of at least this many events (given as objects) may enter their isolate in pieces. */
export const STAGE_MIN_EVENTS = 100;
/** Pieces a staged batch comes in: all but the last are staged, the last comes with the run. */
export const STAGE_PIECES = 2;

/**
 * A batch that may enter its isolate in pieces (a run on the sandbox process's thread): the
 * process parses each staged piece into the isolate while the core serialises the next, instead
 * of waiting for the whole batch. Each text is made when it is sent; any of them may throw (an
 * event that cannot be JSON).
 */
export interface StagedPayload {
  /** JSON arrays of the first events, in order (RuntimeOp 'stage'). */
  pieces: (() => string)[];
  /** The run's payload: the last events, the metadata of all, and the id the pieces were staged under (`"s"`). */
  last: (stageId: number) => string;
  /** The whole payload, for a run that is not staged. */
  whole: () => string;
}

/** The staged form of a batch of events given as objects (payloadOf's, in pieces). */
export function stagedPayloadOf(events: Record<string, unknown>[], metadata: TransformInput['metadata']): StagedPayload {
  const size = Math.ceil(events.length / STAGE_PIECES);
  const pieces: (() => string)[] = [];
  for (let from = 0; from + size < events.length; from += size) pieces.push(() => JSON.stringify(events.slice(from, from + size)));
  const rest = pieces.length * size;
  return {
    pieces,
    last: (stageId) => `{"e":${JSON.stringify(events.slice(rest))},"m":${metadata ? JSON.stringify(metadata) : 'null'},"s":${stageId}}`,
    whole: () => payloadOf({ code: '', events, metadata }),
  };
}
