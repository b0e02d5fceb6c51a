import { createHash, timingSafeEqual } from 'node:crypto';
import type { AccountRepo } from '../store/account-repo';
import { hashToken, isLegacyHash, upgradeLegacyHash, verifyToken } from './token-hash';

const CACHE_SIZE = 32;

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks management API credentials. Basic auth comes with every request, and the stored token
 * form is deliberately slow (scrypt), so credentials that verified are remembered in memory
 * (by their SHA-256, a few entries, forgotten when the token changes); so are refused ones.
 */
export function createAccountAuth(repo: AccountRepo, options: { sessionToken: string }) {
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
  return {
    /** Replaces a legacy unsalted SHA-256 token hash by its salted scrypt form (the token keeps working). */
    upgradeStoredHash(): boolean {
      const stored = repo.credentials();
      if (!stored || !isLegacyHash(stored.tokenHash)) return false;
      repo.setTokenHash(upgradeLegacyHash(stored.tokenHash));
      return true;
    },
    async verify(email: string, token: string): Promise<boolean> {
      const stored = repo.credentials();
      if (!stored || email !== stored.email) return false;
      if (sameSecret(token, options.sessionToken)) return true;
      const key = cacheKey(email, token);
      if (verified.has(key)) return true;
      if (refused.has(key)) return false;
      const ok = await verifyToken(token, stored.tokenHash);
      remember(ok ? verified : refused, key);
      return ok;
    },
    setToken(token: string): void {
      repo.setTokenHash(hashToken(token));
      verified.clear();
      refused.clear();
    },
  };
}
export type AccountAuth = ReturnType<typeof createAccountAuth>;
