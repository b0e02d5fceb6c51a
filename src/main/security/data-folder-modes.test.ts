import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('data folder modes', () => {
  let t: TestStudio | undefined;
  const dirs: string[] = [];
  afterEach(async () => {
    await t?.close({ keepData: true });
    t = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const tempParent = () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-modes-'));
    dirs.push(dir);
    return dir;
  };

  it('a new data folder is 0700 and its database, WAL, SHM, log and key files are 0600', async () => {
    const dataDir = join(tempParent(), 'data');
    t = await startTestStudio({ dataDir, logToFile: true });
    // Write something so the WAL holds pages and the log has lines.
    expect((await t.call('PUT', '/studio/api/credentials/api-key', { value: 'secret-value-1' })).status).toBe(200);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'logs'))).toBe(0o700);
    for (const file of ['studio.db', 'studio.db-wal', 'studio.db-shm', 'logs/studio.log', 'master.key']) {
      expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
    }
  });

  it('an existing data folder with loose modes is tightened at start', async () => {
    const dataDir = join(tempParent(), 'data');
    t = await startTestStudio({ dataDir, logToFile: true });
    await t.call('PUT', '/studio/api/credentials/api-key', { value: 'secret-value-2' });
    await t.close({ keepData: true });
    t = undefined;
    // What an older version left: 0755 folders, 0644 files, plus a stray file.
    writeFileSync(join(dataDir, 'remote-tokens.json'), '{}');
    for (const file of ['studio.db', 'studio.db-wal', 'studio.db-shm', 'logs/studio.log', 'master.key', 'remote-tokens.json']) {
      try {
        chmodSync(join(dataDir, file), 0o644);
      } catch {
        writeFileSync(join(dataDir, file), '', { flag: 'a' });
        chmodSync(join(dataDir, file), 0o644);
      }
    }
    chmodSync(join(dataDir, 'logs'), 0o755);
    chmodSync(dataDir, 0o755);
    expect(mode(join(dataDir, 'studio.db'))).toBe(0o644);

    t = await startTestStudio({ dataDir, logToFile: true });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'logs'))).toBe(0o700);
    for (const file of ['studio.db', 'studio.db-wal', 'studio.db-shm', 'logs/studio.log', 'master.key', 'remote-tokens.json']) {
      expect([file, mode(join(dataDir, file))]).toEqual([file, 0o600]);
    }
  });

  it('creates missing parent folders and the logs folder private', async () => {
    const parent = tempParent();
    mkdirSync(join(parent, 'a'), { mode: 0o755 });
    const dataDir = join(parent, 'a', 'b');
    t = await startTestStudio({ dataDir });
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'logs'))).toBe(0o700);
  });
});
