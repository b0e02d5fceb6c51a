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
 * (by their SHA-256, a few entries, forgotten when the token changes).
 */
export function createAccountAuth(repo: AccountRepo, options: { sessionToken: string }) {
  const verified = new Set<string>();
  const cacheKey = (email: string, token: string) => createHash('sha256').update(`${email}\0${token}`).digest('hex');
  const remember = (key: string) => {
    verified.delete(key);
    verified.add(key);
    if (verified.size > CACHE_SIZE) verified.delete(verified.values().next().value!);
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
      const ok = await verifyToken(token, stored.tokenHash);
      if (ok) remember(key);
      return ok;
    },
    setToken(token: string): void {
      repo.setTokenHash(hashToken(token));
      verified.clear();
    },
  };
}
export type AccountAuth = ReturnType<typeof createAccountAuth>;
