// The studio's settings and the credentials user code reads, as the studio API gives them:
// GET/PUT /studio/api/settings/sandbox, /studio/api/settings/management, /studio/api/events/retention
// and /studio/api/credentials… (the sandbox settings: sandbox-settings.ts). One definition each, used by the routes, the settings and
// credentials services and the renderer's client.
import { Type, type Static } from 'typebox';

export const DEFAULT_MAX_CODE_BYTES = 1024 * 1024;
/** Limits of the management API. */
export const ManagementSettings = Type.Object({
  maxCodeBytes: Type.Integer({
    minimum: 1,
    maximum: 4 * 1024 * 1024,
    description: `Largest accepted code of a transformation or library version, in UTF-8 bytes (default ${DEFAULT_MAX_CODE_BYTES})`,
  }),
});
export type ManagementSettings = Static<typeof ManagementSettings>;
export const ManagementSettingsPatch = Type.Partial(ManagementSettings, { additionalProperties: false });
export type ManagementSettingsPatch = Static<typeof ManagementSettingsPatch>;

/** Largest accepted retention settings (SQLite's OFFSET takes a 64-bit integer, so no 1e308). */
export const MAX_AGE_DAYS = 36_500;
export const MAX_RETAINED_EVENTS = 1_000_000_000;
/** Retention of captured events. */
export const RetentionSettings = Type.Object({
  maxAgeDays: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_AGE_DAYS }), Type.Null()], { description: 'Delete events and results older than this (null: keep)' }),
  maxEvents: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_RETAINED_EVENTS }), Type.Null()], { description: 'Keep at most this many events (null: no cap)' }),
});
export type RetentionSettings = Static<typeof RetentionSettings>;
export const RetentionSettingsPatch = Type.Partial(RetentionSettings, { additionalProperties: false });

/** A credential for getCredential(key): its value is write-only (always masked in answers). */
export const Credential = Type.Object({
  key: Type.String(),
  value: Type.String({ description: 'Always masked' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type Credential = Static<typeof Credential>;
export const CredentialList = Type.Object({ credentials: Type.Array(Credential) });
export type CredentialList = Static<typeof CredentialList>;
export const CredentialKeyParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Credential key: letters, digits, _ . : -' }),
});
export const CredentialValueBody = Type.Object({ value: Type.String({ maxLength: 64 * 1024, description: 'Secret value' }) }, { additionalProperties: false });
