// The UI's own state kept in the core: GET/PUT/DELETE /studio/api/state… (drafts, saved test sets,
// the bench's events and context, preferences). Keys name what they hold ("studio.draft.transformation.ID").
import { Type, type Static } from 'typebox';

export const MAX_STATE_VALUE = 2 * 1024 * 1024;
export const MAX_STATE_KEYS = 20_000;
export const STATE_KEY_PATTERN = '^[A-Za-z0-9._:-]{1,200}$';

export const StateKeyParam = Type.Object({ key: Type.String({ pattern: STATE_KEY_PATTERN, description: 'Letters, digits, . _ : - (at most 200)' }) });
export const StateValueBody = Type.Object({ value: Type.String({ maxLength: MAX_STATE_VALUE }) }, { additionalProperties: false });
export const StateEntries = Type.Object({ entries: Type.Record(Type.String(), Type.String()) });
export type StateEntries = Static<typeof StateEntries>;
export const StateImportBody = Type.Object(
  { entries: Type.Record(Type.String({ pattern: STATE_KEY_PATTERN }), Type.String({ maxLength: MAX_STATE_VALUE })) },
  { additionalProperties: false },
);
