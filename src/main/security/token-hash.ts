import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

// The account token is stored as scrypt(SHA-256(token)) with a random salt: slow to guess offline,
// and a database written before this scheme (an unsalted SHA-256) is upgraded without the plain
// token, by running scrypt over the stored digest (upgradeLegacyHash).

export interface KdfParams {
  N: number;
  r: number;
  p: number;
}

/** About 50-100 ms and 32 MB per check on a laptop core; verified tokens are cached in memory (account-auth.ts). */
export const DEFAULT_KDF: KdfParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const PREFIX = 'scrypt';
const maxmem = (params: KdfParams) => 128 * params.N * params.r * params.p + 32 * 1024 * 1024;

const sha256 = (token: string) => createHash('sha256').update(token, 'utf8').digest();

const encode = (params: KdfParams, salt: Buffer, hash: Buffer) =>
  [PREFIX, params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');

function decode(stored: string): { params: KdfParams; salt: Buffer; hash: Buffer } | undefined {
  const [prefix, N, r, p, salt, hash] = stored.split('$');
  if (prefix !== PREFIX || !salt || !hash) return undefined;
  const params = { N: Number(N), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((v) => Number.isInteger(v) && v > 0)) return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

const derive = (digest: Buffer, salt: Buffer, params: KdfParams) =>
  scryptSync(digest, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });

/** The stored form of a new token. */
export function hashToken(token: string, params: KdfParams = DEFAULT_KDF): string {
  const salt = randomBytes(16);
  return encode(params, salt, derive(sha256(token), salt, params));
}

/**
 * A stored form no token matches (a random salt and digest, the default work factor): nothing is
 * derived, so it costs no scrypt. The decoy of unknown e-mails, and the account of a one-shot core
 * that takes only its session token.
 */
export function unmatchableHash(params: KdfParams = DEFAULT_KDF): string {
  return encode(params, randomBytes(16), randomBytes(KEY_LENGTH));
}

/** A stored value from before salted hashing: 64 hex digits of SHA-256. */
export const isLegacyHash = (stored: string) => /^[0-9a-f]{64}$/i.test(stored);

/** The salted scrypt form of a legacy SHA-256 hash: the same token keeps working. */
export function upgradeLegacyHash(legacyHex: string, params: KdfParams = DEFAULT_KDF): string {
  const salt = randomBytes(16);
  return encode(params, salt, derive(Buffer.from(legacyHex, 'hex'), salt, params));
}

/** Constant-time check of a token against its stored form (scrypt runs on the libuv thread pool). */
export function verifyToken(token: string, stored: string): Promise<boolean> {
  if (isLegacyHash(stored)) return Promise.resolve(timingSafeEqual(sha256(token), Buffer.from(stored, 'hex')));
  const decoded = decode(stored);
  if (!decoded) return Promise.resolve(false);
  const { params, salt, hash } = decoded;
  return new Promise((resolve) => {
    scrypt(sha256(token), salt, hash.length, { ...params, maxmem: maxmem(params) }, (error, derived) => {
      resolve(!error && derived.length === hash.length && timingSafeEqual(derived, hash));
    });
  });
}
