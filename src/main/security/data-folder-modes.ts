import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// The data folder holds the database (captured events, code, encrypted secrets), its WAL and
// shared-memory files, the log, the master key file and the remote tokens: readable by its
// owner only. New folders are created that way; existing ones are tightened on every start.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
export const DATABASE_FILE = 'studio.db';
export const LOG_DIR = 'logs';
export const LOG_FILE = 'studio.log';

const enforced = process.platform !== 'win32'; // Windows has no POSIX modes (the profile folder's ACL applies)

const chmodIf = (path: string, mode: number) => {
  if (enforced) chmodSync(path, mode);
};

/** Creates a file with mode 0600 when missing (SQLite gives its -wal and -shm files the mode of the database file). */
function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}

/** Sets 0600 on every regular file directly in `dir` (symbolic links are left alone). */
function tightenFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isFile() && (stat.mode & 0o777) !== PRIVATE_FILE_MODE) chmodIf(path, PRIVATE_FILE_MODE);
  }
}

/**
 * Makes the data folder private before the database opens: folder and logs folder 0700, the
 * database file and the log file created 0600 (so the WAL and SHM files SQLite creates next to
 * the database get 0600 too), every file already there set to 0600.
 */
export function prepareDataFolder(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodIf(dataDir, PRIVATE_DIR_MODE);
  const logs = join(dataDir, LOG_DIR);
  mkdirSync(logs, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodIf(logs, PRIVATE_DIR_MODE);
  createPrivateFile(join(dataDir, DATABASE_FILE));
  createPrivateFile(join(logs, LOG_FILE));
  secureDataFolder(dataDir);
}

/** Sets 0600 on the files of the data folder and its logs folder (again after the database opened). */
export function secureDataFolder(dataDir: string): void {
  tightenFiles(dataDir);
  tightenFiles(join(dataDir, LOG_DIR));
}
