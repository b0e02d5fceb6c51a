import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { KEY_BYTES, SecretKeyError } from '../store/secret-box';

// Where the master key comes from: STUDIO_MASTER_KEY (base64 of 32 bytes) when the host passes
// one (the desktop app keeps it in the OS secret store through Electron's safeStorage), else a
// 0600 key file in the data folder (headless). Which key sealed a data folder's secrets is
// recorded in the database as a sealed check value, so a wrong key stops the start clearly.

export const KEY_FILE = 'master.key';
export { KEY_CHECK_SETTING } from '../store/secret-box';
const CHECK_TEXT = 'transformation-studio master key';

export function parseMasterKey(text: string, from: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new SecretKeyError(`${from} must be base64 of ${KEY_BYTES} random bytes (got ${key.length} bytes)`);
  return key;
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseMasterKey(text, `the key file ${file}`);
}

function createKeyFile(file: string): Buffer {
  const key = randomBytes(KEY_BYTES);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

export interface KeyChoice {
  key: Buffer;
  source: 'env' | 'file';
  /** The check value to store when none was stored yet. */
  check?: string;
}

/**
 * Picks the master key: the host's key, else the key file (created when missing). When the
 * database holds a check value, the key that opens it wins (a data folder first run headless and
 * later from the desktop app keeps its key file's key); none opening it is an error.
 */
export function chooseMasterKey(options: {
  dataDir: string;
  envKey?: string;
  storedCheck?: string;
  opens: (key: Buffer, sealed: string) => boolean;
  seal: (key: Buffer, plain: string) => string;
}): KeyChoice {
  const file = join(options.dataDir, KEY_FILE);
  const envKey = options.envKey ? parseMasterKey(options.envKey, 'STUDIO_MASTER_KEY') : undefined;
  if (options.storedCheck) {
    if (envKey && options.opens(envKey, options.storedCheck)) return { key: envKey, source: 'env' };
    const fileKey = readKeyFile(file);
    if (fileKey && options.opens(fileKey, options.storedCheck)) return { key: fileKey, source: 'file' };
    throw new SecretKeyError(
      `the master key does not open this data folder's secrets: start with the STUDIO_MASTER_KEY or ${KEY_FILE} it was created with`,
    );
  }
  const chosen: Omit<KeyChoice, 'check'> = envKey ? { key: envKey, source: 'env' } : { key: readKeyFile(file) ?? createKeyFile(file), source: 'file' };
  return { ...chosen, check: options.seal(chosen.key, CHECK_TEXT) };
}
