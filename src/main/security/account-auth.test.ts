import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../store';
import { startTestStudio, TEST_EMAIL, TEST_TOKEN, type TestStudio } from '../testing/harness';
import { createAccountAuth } from './account-auth';
import { hashToken, isLegacyHash, verifyToken } from './token-hash';

const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

describe('account token hashing', () => {
  const dirs: string[] = [];
  let t: TestStudio | undefined;
  afterEach(async () => {
    await t?.close({ keepData: true });
    t = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-auth-'));
    dirs.push(dir);
    return dir;
  };
  const storedHash = (dir: string) => {
    const store = createStore(join(dir, 'studio.db'));
    try {
      return store.account.credentials()!.tokenHash;
    } finally {
      store.close();
    }
  };

  it('a new account stores a salted scrypt hash, never the token or its plain SHA-256', async () => {
    const dir = dataDir();
    t = await startTestStudio({ dataDir: dir });
    expect((await t.call('GET', '/studio/api/info')).status).toBe(200);
    await t.close({ keepData: true });
    t = undefined;
    const stored = storedHash(dir);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(TEST_TOKEN);
    expect(stored).not.toContain(createHash('sha256').update(TEST_TOKEN).digest('hex'));
    expect(stored).not.toContain(createHash('sha256').update(TEST_TOKEN).digest('base64'));
    // Salted: the same token hashes differently every time.
    expect(hashToken(TEST_TOKEN)).not.toBe(hashToken(TEST_TOKEN));
    expect(await verifyToken(TEST_TOKEN, stored)).toBe(true);
    expect(await verifyToken('wrong-token', stored)).toBe(false);
  });

  it('a database with a legacy unsalted SHA-256 hash is upgraded at start and the same login keeps working', async () => {
    const dir = dataDir();
    t = await startTestStudio({ dataDir: dir });
    await t.close({ keepData: true });
    t = undefined;
    // Put back what older versions stored: hex SHA-256 of the token.
    const legacy = createHash('sha256').update(TEST_TOKEN).digest('hex');
    const store = createStore(join(dir, 'studio.db'));
    store.db.prepare('UPDATE account SET token_hash = ? WHERE id = 1').run(legacy);
    store.close();
    expect(isLegacyHash(storedHash(dir))).toBe(true);

    t = await startTestStudio({ dataDir: dir });
    const upgraded = storedHash(dir);
    expect(upgraded).toMatch(/^scrypt\$/);
    expect(upgraded).not.toContain(legacy);
    expect((await t.call('GET', '/studio/api/info')).status).toBe(200);
    const wrong = await t.call('GET', '/studio/api/info', undefined, { authorization: basic(TEST_EMAIL, 'not-the-token') });
    expect(wrong.status).toBe(401);
    // And after another restart too.
    t = await t.restart();
    expect((await t.call('GET', '/studio/api/info')).status).toBe(200);
  });

  it('remembers verified and refused credentials (no scrypt, no read of the account per request) and forgets them when the token changes', async () => {
    const dir = dataDir();
    const store = createStore(join(dir, 'studio.db'));
    try {
      store.account.create(TEST_EMAIL, hashToken(TEST_TOKEN), 'ws');
      let checks = 0;
      const counting = {
        ...store.account,
        credentials: () => {
          checks++;
          return store.account.credentials();
        },
      };
      const auth = createAccountAuth(counting, { sessionToken: 'session-secret' });
      const started = performance.now();
      expect(await auth.verify(TEST_EMAIL, TEST_TOKEN)).toBe(true);
      const first = performance.now() - started;
      const again = performance.now();
      for (let i = 0; i < 50; i++) expect(await auth.verify(TEST_EMAIL, TEST_TOKEN)).toBe(true);
      const cachedEach = (performance.now() - again) / 50;
      expect(cachedEach).toBeLessThan(first);
      expect(checks).toBe(1);
      expect(await auth.verify(TEST_EMAIL, 'wrong')).toBe(false);
      expect(await auth.verify(TEST_EMAIL, 'wrong')).toBe(false);
      expect(await auth.verify('other@example.com', TEST_TOKEN)).toBe(false);
      expect(await auth.verify(TEST_EMAIL, 'session-secret')).toBe(true);
      // A refused token that becomes the token is accepted once it is set.
      expect(await auth.verify(TEST_EMAIL, 'new-token-456')).toBe(false);
      auth.setToken('new-token-456');
      expect(await auth.verify(TEST_EMAIL, TEST_TOKEN)).toBe(false);
      expect(await auth.verify(TEST_EMAIL, 'new-token-456')).toBe(true);
      // The new stored form was read once, after it was set.
      expect(checks).toBe(2);
      expect(await auth.verify(TEST_EMAIL, 'new-token-456')).toBe(true);
      expect(checks).toBe(2);
    } finally {
      store.close();
    }
  });

  it('the token the first start stored is verified from memory: no second scrypt, not queued behind other checks', async () => {
    const dir = dataDir();
    const store = createStore(join(dir, 'studio.db'));
    try {
      store.account.create(TEST_EMAIL, hashToken(TEST_TOKEN), 'ws');
      const auth = createAccountAuth(store.account, { sessionToken: 'session-secret', created: { email: TEST_EMAIL, token: TEST_TOKEN } });
      // Checks run one at a time: a token that needed one would answer after the wrong one asked first.
      const answered: string[] = [];
      await Promise.all([
        auth.verify(TEST_EMAIL, 'wrong').then((ok) => answered.push(`wrong ${ok}`)),
        auth.verify(TEST_EMAIL, TEST_TOKEN).then((ok) => answered.push(`created ${ok}`)),
      ]);
      expect(answered).toEqual(['created true', 'wrong false']);
      // Another e-mail with that token is checked, and refused; the memory goes when the token changes.
      expect(await auth.verify('other@example.com', TEST_TOKEN)).toBe(false);
      auth.setToken('new-token-456');
      expect(await auth.verify(TEST_EMAIL, TEST_TOKEN)).toBe(false);
    } finally {
      store.close();
    }
  });
});
