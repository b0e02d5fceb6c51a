import { Type } from 'typebox';

// Schemas shared by the sandbox's studio API routes (test runs, credentials, sandbox settings).

export const SandboxErrorBody = Type.Object(
  { error: Type.String({ description: 'What went wrong and what to fix' }), code: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

export const sandboxErrorResponses = { 400: SandboxErrorBody, 401: SandboxErrorBody } as const;
