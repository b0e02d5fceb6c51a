/** Size limits of the event API (seed 001, "Limits"); exceeding any of them answers 400. */
export const MAX_CALL_BYTES = 32 * 1024;
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;
export const MAX_BATCH_CALL_BYTES = 32 * 1024;

/**
 * Fastify's own body limit for the event routes: a little above the batch limit, so a body
 * just over 4 MB still reaches our code and gets our 400 text; larger ones are cut off by
 * Fastify and answered with the same text by the scope's error handler.
 */
export const EVENT_BODY_LIMIT = MAX_BATCH_BYTES + 64 * 1024;

/** Deepest nesting of objects and arrays accepted in an event API body. */
export const MAX_JSON_DEPTH = 256;
