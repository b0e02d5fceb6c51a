import type { Db } from './database';
import { camelRow } from './camel-row';

export interface Quarantine {
  versionId: string;
  crashes: number;
  /** The last crash's message. */
  reason: string;
  lastCrashAt: string;
  /** Set once the version crashed `limit` times in a row: the pipeline no longer runs it. */
  quarantinedAt: string | null;
}

interface Row {
  version_id: string;
  crashes: number;
  reason: string;
  last_crash_at: string;
  quarantined_at: string | null;
}

const toQuarantine = (row: Row): Quarantine => camelRow<Quarantine>({ ...row });

/** Sandbox-process crashes per transformation version, and the versions quarantined for the pipeline. */
export function quarantineRepo(db: Db) {
  const byVersion = db.prepare('SELECT * FROM sandbox_quarantine WHERE version_id = ?');
  const crash = db.prepare(
    `INSERT INTO sandbox_quarantine (version_id, crashes, reason, last_crash_at, quarantined_at)
     VALUES (@versionId, 1, @reason, @at, CASE WHEN @limit <= 1 THEN @at END)
     ON CONFLICT(version_id) DO UPDATE SET
       crashes = crashes + 1, reason = excluded.reason, last_crash_at = excluded.last_crash_at,
       quarantined_at = COALESCE(quarantined_at, CASE WHEN crashes + 1 >= @limit THEN excluded.last_crash_at END)
     RETURNING *`,
  );
  const remove = db.prepare('DELETE FROM sandbox_quarantine WHERE version_id = ?');
  return {
    get(versionId: string): Quarantine | undefined {
      const row = byVersion.get(versionId) as Row | undefined;
      return row ? toQuarantine(row) : undefined;
    },
    /** Counts one crash of a version; quarantines it at the `limit`-th crash in a row. */
    recordCrash(versionId: string, reason: string, limit: number): Quarantine {
      return toQuarantine(crash.get({ versionId, reason, at: new Date().toISOString(), limit }) as Row);
    },
    /** A good run, or the user resumed it: the count starts again. */
    clear(versionId: string): void {
      remove.run(versionId);
    },
  };
}
