import type { Db } from './database';

/** Collects `AND`-joined SQL conditions with their bound parameters, for one table alias. */
export function sqlConditions(alias: string) {
  const parts: string[] = [];
  const params: unknown[] = [];
  return {
    parts,
    params,
    /** `alias.column = ?` when the value is given. */
    equal(column: string, value: string | number | undefined): void {
      if (value === undefined) return;
      parts.push(`${alias}.${column} = ?`);
      params.push(value);
    },
    /** `alias.column IN (…)` when the list is non-empty. */
    oneOf(column: string, values: readonly unknown[] | undefined): void {
      if (!values?.length) return;
      parts.push(`${alias}.${column} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    },
    /** Inclusive bounds on a column (ISO strings), each when given. */
    between(column: string, from: string | undefined, to: string | undefined): void {
      if (from !== undefined) {
        parts.push(`${alias}.${column} >= ?`);
        params.push(from);
      }
      if (to !== undefined) {
        parts.push(`${alias}.${column} <= ?`);
        params.push(to);
      }
    },
    /** Any other condition with its parameters. */
    add(sql: string, ...values: unknown[]): void {
      parts.push(sql);
      params.push(...values);
    },
    /** The WHERE text ('1' when there is no condition). */
    sql: (): string => (parts.length ? parts.join(' AND ') : '1'),
  };
}

/**
 * Retention step on an append-only table: finds the highest key among the oldest `chunk` rows
 * older than `cutoff` and deletes up to it (inside the caller's transaction). Answers that key
 * (null when nothing is old enough) and how many rows went.
 */
export function pruneOldestBefore(
  db: Db,
  table: string,
  key: string,
  timeColumn: string,
  cutoff: string,
  chunk: number,
  /** Called before the delete with its condition (alias `e`) and parameters. */
  beforeDelete?: (where: string, params: unknown[]) => void,
): { hi: number | null; changes: number } {
  const { hi } = db.prepare(`SELECT max(${key}) AS hi FROM (SELECT ${key} FROM ${table} WHERE ${timeColumn} < ? ORDER BY ${key} LIMIT ?)`).get(cutoff, chunk) as {
    hi: number | null;
  };
  if (hi === null) return { hi, changes: 0 };
  beforeDelete?.(`e.${key} <= ? AND e.${timeColumn} < ?`, [hi, cutoff]);
  return { hi, changes: db.prepare(`DELETE FROM ${table} WHERE ${key} <= ? AND ${timeColumn} < ?`).run(hi, cutoff).changes };
}
