import { createHash, timingSafeEqual } from 'node:crypto';
import type { AccountRepo } from '../store/account-repo';
import { StudioError } from '../errors';
import { hashToken, isLegacyHash, unmatchableHash, upgradeLegacyHash, verifyToken } from './token-hash';

const CACHE_SIZE = 32;
/**
 * Token checks (scrypt, ~32 MB and tens of ms each on the libuv thread pool, which also reads the
 * UI's files) run one at a time; at most this many wait, further ones are refused at once (429),
 * so a flood of wrong logins cannot starve the UI or the other requests.
 */
export const MAX_WAITING_CHECKS = 16;
/** Checked against when the e-mail is unknown: a wrong e-mail costs the same work as a wrong token. */
const DECOY_HASH = unmatchableHash();

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks management API credentials. Basic auth comes with every request, and the stored token
 * form is deliberately slow (scrypt), so credentials that verified are remembered in memory
 * (by their SHA-256, a few entries, forgotten when the token changes); so are refused ones.
 * `created`: the account and token the first start of a data folder just stored (the hash was
 * derived from that token a moment before), remembered as verified: its first request costs no
 * second scrypt. The stored e-mail and token form are read once and kept: the core is the data
 * folder's one process (its lock) and changes them only through this object.
 */
export function createAccountAuth(repo: AccountRepo, options: { sessionToken: string; created?: { email: string; token: string } }) {
  // Outcomes by SHA-256 of e-mail and token: verified ones, and refused ones (a client retrying
  // the same wrong token costs one scrypt, not one per request).
  const verified = new Set<string>();
  const refused = new Set<string>();
  const cacheKey = (email: string, token: string) => createHash('sha256').update(`${email}\0${token}`).digest('hex');
  const remember = (set: Set<string>, key: string) => {
    set.delete(key);
    set.add(key);
    if (set.size > CACHE_SIZE) set.delete(set.values().next().value!);
  };
  if (options.created) remember(verified, cacheKey(options.created.email, options.created.token));
  // Read again while there is no account yet (then nothing verifies but the session token).
  let stored: ReturnType<AccountRepo['credentials']>;
  const credentials = () => (stored ??= repo.credentials());
  const storeHash = (tokenHash: string) => {
    repo.setTokenHash(tokenHash);
    stored = undefined;
  };
  // One scrypt at a time; the waiting ones queue here.
  let checking: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const limited = (token: string, stored: string): Promise<boolean> => {
    if (waiting >= MAX_WAITING_CHECKS) {
      throw new StudioError('too_many_requests', 'too many sign-in attempts at once: try again in a few seconds');
    }
    waiting++;
    const next = checking.then(() => verifyToken(token, stored)).finally(() => waiting--);
    checking = next.catch(() => undefined);
    return next;
  };
  return {
    /** Replaces a legacy unsalted SHA-256 token hash by its salted scrypt form (the token keeps working). */
    upgradeStoredHash(): boolean {
      const now = credentials();
      if (!now || !isLegacyHash(now.tokenHash)) return false;
      storeHash(upgradeLegacyHash(now.tokenHash));
      return true;
    },
    async verify(email: string, token: string): Promise<boolean> {
      const now = credentials();
      const known = !!now && sameSecret(email, now.email);
      if (known && sameSecret(token, options.sessionToken)) return true;
      const key = cacheKey(email, token);
      if (verified.has(key)) return true;
      if (refused.has(key)) return false;
      // The same scrypt work whether or not the e-mail is the account's: timing does not tell.
      const ok = (await limited(token, known ? now.tokenHash : DECOY_HASH)) && known;
      remember(ok ? verified : refused, key);
      return ok;
    },
    setToken(token: string): void {
      storeHash(hashToken(token));
      verified.clear();
      refused.clear();
    },
  };
}
export type AccountAuth = ReturnType<typeof createAccountAuth>;
