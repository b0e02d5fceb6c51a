/** Call types of the event API (one endpoint each, plus /v1/batch). */
export const CALL_TYPES = ['identify', 'track', 'page', 'screen', 'group', 'alias', 'merge'] as const;
export type CallType = (typeof CALL_TYPES)[number];

/** Types a /v1/batch entry may have: every call type except merge (seed: merge only as a single call). */
export const BATCH_TYPES: readonly string[] = CALL_TYPES.filter((t) => t !== 'merge');

export const isCallType = (value: string): value is CallType => (CALL_TYPES as readonly string[]).includes(value);
