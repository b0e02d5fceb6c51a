import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The setting holding a value sealed with the master key: it tells a wrong key from a right one. */
export const KEY_CHECK_SETTING = 'secrets.keyCheck';

// Secret values at rest (credential values, destination auth headers and write keys, remote
// tokens): AES-256-GCM under the master key (master-key.ts). A sealed value is text:
// `enc:v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext). Values written before encryption
// (plain text) open as themselves until the start-up step seals them.

const PREFIX = 'enc:v1:';
export const KEY_BYTES = 32;

export class SecretKeyError extends Error {}

export const isSealed = (value: string) => value.startsWith(PREFIX);

export interface SecretBox {
  /** Uses this key from now on (the composition root sets it once the key is chosen). */
  useKey(key: Buffer): void;
  seal(plain: string): string;
  /** Plain text of a sealed value; a value that is not sealed (legacy) is returned as is. */
  open(value: string): string;
  /** True when the value is sealed under the current key. */
  opens(value: string): boolean;
}

/** Starts with a random key of this process (a store opened without a master key keeps its secrets for its lifetime only). */
export function createSecretBox(initialKey: Buffer = randomBytes(KEY_BYTES)): SecretBox {
  let key = initialKey;
  const open = (value: string): string => {
    if (!isSealed(value)) return value;
    const raw = Buffer.from(value.slice(PREFIX.length), 'base64');
    if (raw.length < 28) throw new SecretKeyError('a stored secret is damaged (too short to be a sealed value)');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    try {
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyError('a stored secret cannot be decrypted with this master key (the key changed, or the value is damaged)');
    }
  };
  return {
    useKey(next) {
      if (next.length !== KEY_BYTES) throw new SecretKeyError(`the master key must be ${KEY_BYTES} bytes`);
      key = next;
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open,
    opens(value) {
      try {
        open(value);
        return isSealed(value);
      } catch {
        return false;
      }
    },
  };
}

/** What an API answer shows of a secret: never the value; the last 4 characters of long values only. */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `••••${value.slice(-4)}` : '••••';
}

/** True when a value sent back by a client is the masked form of the stored one (keep the stored value). */
export const isMaskOf = (sent: string, stored: string) => sent === maskSecret(stored);
