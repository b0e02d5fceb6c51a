import { Type, type Static } from 'typebox';

// Shapes of the workspace backup: the file (one JSON document), the export and import bodies
// and the import's answer. Used by the routes (main/http/routes/backup.ts), the service
// (main/backup/) and the renderer's typed client.

export const BACKUP_FORMAT = 'transformation-studio-backup';

/** A stored row as it appears in the file: column → value. */
const Row = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()]));

/** Secrets sealed with a passphrase: scrypt derives the key, AES-256-GCM encrypts and authenticates (the workspace digest is its additional data). */
export const SealedSecrets = Type.Object(
  {
    kdf: Type.Optional(Type.Literal('scrypt')),
    N: Type.Optional(Type.Integer({ minimum: 1024, maximum: 1_048_576 })),
    r: Type.Optional(Type.Integer({ minimum: 1, maximum: 32 })),
    p: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
    salt: Type.Optional(Type.String({ maxLength: 200 })),
    cipher: Type.Optional(Type.Literal('aes-256-gcm')),
    iv: Type.Optional(Type.String({ maxLength: 200 })),
    tag: Type.Optional(Type.String({ maxLength: 200 })),
    data: Type.Optional(Type.String()),
  },
  // Every field is written on export; a missing one is reported by the import (naming it) rather
  // than by the schema, so a wrong value elsewhere is named first.
  { additionalProperties: false },
);
export type SealedSecrets = Static<typeof SealedSecrets>;

export const BackupFile = Type.Object(
  {
    format: Type.Literal(BACKUP_FORMAT),
    version: Type.Literal(1),
    createdAt: Type.String(),
    /** Rows per table (transformations, versions, libraries, sources, destinations, saved tests, settings …). */
    workspace: Type.Record(Type.String(), Type.Array(Row)),
    /** sha256 (hex) of JSON.stringify(workspace): a changed or cut file is refused. */
    digest: Type.String({ maxLength: 64 }),
    secrets: Type.Optional(SealedSecrets),
  },
  { additionalProperties: false },
);
export type BackupFile = Static<typeof BackupFile>;

export const ExportBackupBody = Type.Object(
  {
    includeSecrets: Type.Optional(Type.Boolean({ description: 'Also export credentials, write keys and destination secrets, sealed with the passphrase' })),
    passphrase: Type.Optional(Type.String({ minLength: 8, maxLength: 1024, description: 'Required with includeSecrets (at least 8 characters)' })),
  },
  { additionalProperties: false },
);
export type ExportBackupBody = Static<typeof ExportBackupBody>;

export const ImportBackupBody = Type.Object(
  {
    backup: BackupFile,
    passphrase: Type.Optional(Type.String({ maxLength: 1024, description: 'The passphrase the secrets were sealed with' })),
  },
  { additionalProperties: false },
);
export type ImportBackupBody = Static<typeof ImportBackupBody>;

export const ImportBackupResult = Type.Object({
  imported: Type.Record(Type.String(), Type.Integer(), { description: 'Rows imported per table' }),
  secrets: Type.Boolean({ description: 'Whether secrets were restored' }),
  /** Sources given new write keys and destinations paused because the file had no secrets. */
  notes: Type.Array(Type.String()),
});
export type ImportBackupResult = Static<typeof ImportBackupResult>;
