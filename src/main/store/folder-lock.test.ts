import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderLockedError, LOCK_FILE, lockDataFolder } from './folder-lock';

const folder = () => mkdtempSync(join(tmpdir(), 'lock-'));

describe('data folder lock', () => {
  it('refuses a second holder while the first runs, naming it; frees the folder on release', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(statSync(join(dir, LOCK_FILE)).mode & 0o777).toBe(0o600);
    let refused: unknown;
    try {
      lockDataFolder(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(FolderLockedError);
    expect((refused as Error).message).toMatch(new RegExp(`in use by another Transformation Studio process \\(pid ${process.pid} on `));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockDataFolder(dir).release();
  });

  it('takes over a lock left by a process that no longer runs (kill -9, power loss)', () => {
    const dir = folder();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid, host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lock = lockDataFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
    writeFileSync(join(dir, LOCK_FILE), '{half-written');
    lockDataFolder(dir).release();
  });

  it('never takes over a lock held from another machine (a shared folder)', () => {
    const dir = folder();
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'other-machine.example', startedAt: '2026-01-01T00:00:00Z' }));
    expect(() => lockDataFolder(dir)).toThrow(/pid 1 on other-machine\.example/);
  });

  it('a release by a process that lost the lock leaves the new holder alone', () => {
    const dir = folder();
    const lock = lockDataFolder(dir);
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.pid + 1_000_000, host: 'h', startedAt: 'x' }));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  });
});
