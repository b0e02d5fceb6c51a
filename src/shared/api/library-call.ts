import { Type, type Static } from 'typebox';

// Shapes of POST /studio/api/libraries/call (the library test panel): call one exported function
// of (unsaved) library code with JSON arguments in the sandbox.

export const LibraryCallRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 1000, description: 'Library name; its import name is camelCase(name)' }),
    code: Type.String({ maxLength: 1024 * 1024, description: 'Library module code (unsaved code is fine)' }),
    function: Type.String({ minLength: 1, maxLength: 200, description: 'Name of the exported function to call' }),
    args: Type.Array(Type.Unknown(), { maxItems: 100, description: 'Arguments, as JSON values' }),
  },
  { additionalProperties: false },
);
export type LibraryCallRequest = Static<typeof LibraryCallRequest>;

export const LibraryCallResponse = Type.Object({
  /** True when the function returned (or its promise resolved); false when it threw. */
  ok: Type.Boolean(),
  value: Type.Optional(Type.Unknown({ description: 'The return value (awaited), as JSON; absent when it was undefined' })),
  valueType: Type.String({ description: 'typeof the returned value ("undefined", "object", "function"…), or "error"' }),
  error: Type.Optional(Type.String({ description: 'What the call threw (with the stack inside the library)' })),
  logs: Type.Array(Type.String()),
  exports: Type.Array(Type.String(), { description: 'Names the library exports (empty when it did not load)' }),
  durationMs: Type.Number(),
});
export type LibraryCallResponse = Static<typeof LibraryCallResponse>;
