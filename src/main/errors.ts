import type { ErrorCode } from '../shared/errors';

/**
 * The one error type of the core. `code` is stable (see shared/errors.ts); `message` is
 * written for the user and says what to fix; `details` are merged into the JSON body.
 */
export class StudioError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new StudioError('bad_request', message, details);
export const notFound = (message: string) => new StudioError('not_found', message);
export const conflict = (message: string) => new StudioError('conflict', message);
