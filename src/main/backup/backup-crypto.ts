import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import type { SealedSecrets } from '../../shared/api/backup';
import { badRequest } from '../errors';

// Secrets of a backup sealed with a passphrase: scrypt (N 2^15, r 8, p 1) derives a 256-bit
// key, AES-256-GCM encrypts the secrets and authenticates them together with the workspace's
// digest, so neither a wrong passphrase nor a changed file opens them.

const PARAMS = { N: 32_768, r: 8, p: 1 };
const maxmem = (N: number, r: number) => 128 * N * r * 2;

/** sha256 (hex) of a text: the digest a backup file carries of its workspace. */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Sealed = Required<SealedSecrets>;
const FIELDS: (keyof Sealed)[] = ['kdf', 'N', 'r', 'p', 'salt', 'cipher', 'iv', 'tag', 'data'];

export function seal(secrets: unknown, passphrase: string, digest: string): Sealed {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = scryptSync(passphrase.normalize('NFC'), salt, 32, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) });
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(digest));
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return {
    kdf: 'scrypt',
    ...PARAMS,
    salt: salt.toString('base64'),
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

export function unseal(given: SealedSecrets, passphrase: string, digest: string): unknown {
  const missing = FIELDS.find((field) => given[field] === undefined);
  if (missing) throw badRequest(`backup.secrets.${missing} is missing: the file was changed or cut; nothing was imported`);
  const sealed = given as Sealed;
  if ((sealed.N & (sealed.N - 1)) !== 0) throw badRequest('backup.secrets.N must be a power of two');
  try {
    const key = scryptSync(passphrase.normalize('NFC'), Buffer.from(sealed.salt, 'base64'), 32, {
      N: sealed.N,
      r: sealed.r,
      p: sealed.p,
      maxmem: maxmem(sealed.N, sealed.r),
    });
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(digest));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    return JSON.parse(text);
  } catch {
    throw badRequest('the passphrase does not open this backup\'s secrets: check the passphrase (or the file was changed); nothing was imported');
  }
}
