import type { BackupFile, ExportBackupBody, ImportBackupResult } from '../../shared/api/backup';
import { request } from './client';

export type { BackupFile, ImportBackupResult };

/** The whole workspace as one file, out and back in. */
export const backupApi = {
  export: (body: ExportBackupBody) => request<BackupFile>('POST', '/studio/api/backup/export', body),
  import: (backup: BackupFile, passphrase?: string) => request<ImportBackupResult>('POST', '/studio/api/backup/import', { backup, ...(passphrase ? { passphrase } : {}) }),
};
