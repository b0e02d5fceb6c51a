import { Type, type Static } from 'typebox';

// Shapes of POST /studio/api/syntax-check: the editor asks the run's own parser (V8 in the
// sandbox) what is wrong with code, so the editor and a run say the same thing.

export const SyntaxCheckRequest = Type.Object(
  { code: Type.String({ maxLength: 1024 * 1024, description: 'Module code (unsaved code is fine); it is compiled, not run' }) },
  { additionalProperties: false },
);
export type SyntaxCheckRequest = Static<typeof SyntaxCheckRequest>;

export const SyntaxCheckResponse = Type.Object({
  ok: Type.Boolean({ description: 'False when the code does not compile' }),
  message: Type.Optional(Type.String({ description: 'What a run says, e.g. "SyntaxError: Unexpected number"' })),
  line: Type.Optional(Type.Integer({ minimum: 1 })),
  column: Type.Optional(Type.Integer({ minimum: 1, description: '1-based' })),
});
export type SyntaxCheckResponse = Static<typeof SyntaxCheckResponse>;
