import { BACKUP_FORMAT, type BackupFile, type ExportBackupBody, type ImportBackupResult } from '../../shared/api/backup';
import { badRequest, conflict } from '../errors';
import { newSecret } from '../store/ids';
import { WORKSPACE_TABLES, type BackupRepo, type Row, type TableRows } from '../store/backup-repo';
import { seal, sha256, unseal } from './backup-crypto';
import { hasUrlPassword, urlWithPassword } from '../../shared/url-secret';

// Export and import of the whole workspace as one file. Secrets (credential values, source
// write keys, webhook header values and data-plane write keys) leave only when asked for, and
// then sealed with a passphrase; without them, imported sources get new write keys and
// destinations whose secrets are missing are imported paused.

interface Secrets {
  credentials: { key: string; value: string }[];
  writeKeys: Record<string, string>;
  destinations: Record<string, { headers?: Record<string, string>; writeKey?: string; url?: string }>;
}

const parseConfig = (text: unknown): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** A URL whose password was taken out on export (`http://user@host`): its destination waits for the secret. */
const secretUrl = (url: unknown) => (typeof url === 'string' && /^[a-z]+:\/\/[^/@]+@/i.test(url) ? url : undefined);

/** The destination row with its secret config fields taken out (returned beside it). */
function splitDestination(row: Row): { row: Row; secret?: Secrets['destinations'][string] } {
  const config = parseConfig(row.config);
  const secret: Secrets['destinations'][string] = {};
  if (config.headers && typeof config.headers === 'object' && Object.keys(config.headers).length) {
    secret.headers = config.headers as Record<string, string>;
    config.headers = {};
  }
  if (typeof config.writeKey === 'string' && config.writeKey) {
    secret.writeKey = config.writeKey;
    config.writeKey = '';
  }
  if (typeof config.url === 'string' && hasUrlPassword(config.url)) {
    secret.url = config.url;
    config.url = urlWithPassword(config.url, ''); // the user name stays, the password leaves only with the secrets
  }
  return Object.keys(secret).length ? { row: { ...row, config: JSON.stringify(config) }, secret } : { row };
}

export interface BackupServiceDeps {
  repo: BackupRepo;
  /** Called after an import: caches of write keys and destination workers catch up. */
  onImported: () => void;
}

export function createBackupService({ repo, onImported }: BackupServiceDeps) {
  return {
    exportWorkspace(options: ExportBackupBody): BackupFile {
      if (options.includeSecrets && !options.passphrase) throw badRequest('passphrase is required to export secrets (at least 8 characters)');
      const { tables, credentials } = repo.read();
      const secrets: Secrets = { credentials, writeKeys: {}, destinations: {} };
      const workspace: TableRows = { ...tables };
      workspace.sources = tables.sources!.map((row) => {
        secrets.writeKeys[String(row.id)] = String(row.write_key);
        const { write_key: _omitted, ...rest } = row;
        return rest;
      });
      workspace.destinations = tables.destinations!.map((row) => {
        const split = splitDestination(row);
        if (split.secret) secrets.destinations[String(row.id)] = split.secret;
        return split.row;
      });
      const digest = sha256(JSON.stringify(workspace));
      const file: BackupFile = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), workspace, digest };
      if (options.includeSecrets) file.secrets = seal(secrets, options.passphrase!, digest);
      return file;
    },

    importWorkspace(file: BackupFile, passphrase?: string): ImportBackupResult {
      if (sha256(JSON.stringify(file.workspace)) !== file.digest) {
        throw badRequest('backup.digest does not match its workspace: the file was changed or cut; nothing was imported');
      }
      let secrets: Secrets | undefined;
      if (file.secrets) {
        if (!passphrase) throw badRequest('this backup holds secrets: give the passphrase it was exported with');
        secrets = unseal(file.secrets, passphrase, file.digest) as Secrets;
      }
      const unknownTables = Object.keys(file.workspace).filter((t) => !(WORKSPACE_TABLES as readonly string[]).includes(t));
      if (unknownTables.length) throw badRequest(`backup.workspace has unknown table "${unknownTables[0]}" (known: ${WORKSPACE_TABLES.join(', ')})`);
      for (const table of WORKSPACE_TABLES) {
        const known = new Set(repo.columns(table));
        for (const row of file.workspace[table] ?? []) {
          const extra = Object.keys(row).find((c) => !known.has(c));
          if (extra) throw badRequest(`backup.workspace.${table} has unknown column "${extra}": this backup comes from another version of the studio`);
        }
      }
      const busy = repo.nonEmpty();
      if (busy.length) throw conflict(`import a backup into an empty workspace: this one already has ${busy.join(', ')} (start on a new data folder)`);

      const notes: string[] = [];
      const taken = new Map(repo.sources().map((s) => [s.writeKey, s.id]));
      const tables: TableRows = { ...file.workspace };
      tables.sources = (file.workspace.sources ?? []).map((row) => {
        const id = String(row.id);
        let writeKey = secrets?.writeKeys[id];
        if (!writeKey || (taken.has(writeKey) && taken.get(writeKey) !== id)) {
          writeKey = newSecret();
          notes.push(`source "${String(row.name)}" has a new write key`);
        }
        return { ...row, write_key: writeKey };
      });
      tables.destinations = (file.workspace.destinations ?? []).map((row) => {
        const config = parseConfig(row.config);
        const secret = secrets?.destinations[String(row.id)];
        if (secret) return { ...row, config: JSON.stringify({ ...config, ...secret }) };
        const stripped = (config.writeKey === '' || secretUrl(config.url) !== undefined || (config.headers && Object.keys(config.headers).length === 0 && row.kind === 'webhook')) && !secrets;
        if (stripped && row.enabled) {
          notes.push(`destination "${String(row.name)}" is paused: enter its secrets, then resume it`);
          return { ...row, enabled: 0 };
        }
        return row;
      });
      let imported: Record<string, number>;
      try {
        imported = repo.write(tables, secrets?.credentials ?? []);
      } catch (error) {
        throw badRequest(`backup does not fit together (${(error as Error).message}); nothing was imported`);
      }
      onImported();
      return { imported, secrets: secrets !== undefined, notes };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
