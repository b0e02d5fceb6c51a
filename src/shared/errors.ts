// Stable error codes shared by main and renderer. `http/` maps each code to a status.
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  payload_too_large: 400,
  publish_failed: 400,
  sandbox_error: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // Too much work asked at once (sign-in checks): try again shortly.
  too_many_requests: 429,
  // The configured remote (sync) failed: unreachable, refused the token, answered an error.
  // A 4xx: the user fixes the remote's settings or brings it up; the message says which.
  remote_failed: 424,
  unavailable: 503,
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

