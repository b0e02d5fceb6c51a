import { safeStorage } from 'electron';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Secrets the desktop app keeps (the core's master key, remote tokens the UI stores): encrypted
 * with the OS secret store through Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet),
 * in one 0600 file of encrypted values.
 */
export function createSecretStore(file: string) {
  const read = (): Record<string, string> => {
    if (!existsSync(file)) return {};
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  };
  const write = (values: Record<string, string>) => {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.tmp`;
    writeFileSync(temp, JSON.stringify(values), { mode: 0o600 });
    renameSync(temp, file);
  };
  const available = () => safeStorage.isEncryptionAvailable();
  return {
    available,
    get(name: string): string | undefined {
      const sealed = read()[name];
      if (!sealed || !available()) return undefined;
      return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
    },
    set(name: string, value: string): void {
      if (!available()) throw new Error('the OS secret store is not available: secrets cannot be kept safely on this system');
      write({ ...read(), [name]: safeStorage.encryptString(value).toString('base64') });
    },
    delete(name: string): void {
      const values = read();
      delete values[name];
      write(values);
    },
  };
}

export type SecretStore = ReturnType<typeof createSecretStore>;
