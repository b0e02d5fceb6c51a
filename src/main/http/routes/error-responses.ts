import { ErrorBody } from '../../../shared/api/common';

// The error answers routes document, all of the one ErrorBody (shared/api/common.ts).

/** The management API's routes: a bad request, no credentials, nothing with that id. */
export const errorResponses = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody } as const;

/** The studio API's routes (sources, events, destinations, runs…): also a conflict. */
export const studioErrors = { ...errorResponses, 409: ErrorBody } as const;

/** The sandbox's studio routes (test runs, library calls, settings, credentials). */
export const sandboxErrorResponses = { 400: ErrorBody, 401: ErrorBody } as const;
