import { lookupKey } from './event-keys';
import { sqlConditions } from './sql-conditions';
import type { WhereCondition } from '../../shared/where-expression';

export type { WhereCondition, WhereOp } from '../../shared/where-expression';

/** Filters of the studio's event list, counts, export and delete-by-filter (all optional, combined with AND). */
export interface EventFilter {
  types?: string[];
  eventName?: string;
  userId?: string;
  anonymousId?: string;
  /** Matches userId or anonymousId. */
  user?: string;
  sourceId?: string;
  messageId?: string;
  /** Inclusive bounds on receivedAt (normalised ISO strings). */
  from?: string;
  to?: string;
  /** Free text: case-insensitive substring of the enriched event's JSON. */
  q?: string;
  /** JSON-path conditions on the enriched event. */
  where?: WhereCondition[];
  /** Exactly these captured event seqs (a selection). */
  seqs?: number[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** better-sqlite3 binds no booleans; json_extract gives 1/0 for them. */
const bindable = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

function wherePredicate(c: WhereCondition, parts: string[], params: unknown[]): void {
  const value = c.value;
  switch (c.op) {
    case 'exists':
    case 'missing':
      parts.push(`json_type(e.event, ?) IS ${c.op === 'exists' ? 'NOT ' : ''}NULL`);
      params.push(c.path);
      return;
    case '~':
      parts.push('instr(lower(json_extract(e.event, ?)), lower(?)) > 0');
      params.push(c.path, String(value));
      return;
    case '=':
    case '!=':
      if (value === null) {
        parts.push(`coalesce(json_type(e.event, ?), '') ${c.op === '=' ? '=' : '!='} 'null'`);
        params.push(c.path);
        return;
      }
      parts.push(`json_extract(e.event, ?) ${c.op === '=' ? 'IS' : 'IS NOT'} ?`);
      params.push(c.path, bindable(value));
      return;
    default: {
      // Order comparisons only between values of the same kind (SQLite orders all text above all numbers).
      const kinds = typeof value === 'number' || typeof value === 'boolean' ? "('integer', 'real', 'true', 'false')" : "('text')";
      parts.push(`json_type(e.event, ?) IN ${kinds} AND json_extract(e.event, ?) ${c.op} ?`);
      params.push(c.path, c.path, bindable(value));
    }
  }
}

/** Exact column predicates of a filter (alias `e`); '1' when empty. */
export function predicates(filter: EventFilter): { sql: string; params: unknown[] } {
  const where = sqlConditions('e');
  const { parts, params } = where;
  where.oneOf('type', filter.types);
  // A name with * matches as a pattern (Order* starts with, *order* contains; case-insensitive).
  if (filter.eventName?.includes('*')) where.add("e.event_name LIKE ? ESCAPE '\\'", filter.eventName.split('*').map(escapeLike).join('%'));
  else where.equal('event_name', filter.eventName);
  where.equal('user_id', filter.userId);
  where.equal('anonymous_id', filter.anonymousId);
  where.equal('source_id', filter.sourceId);
  where.equal('message_id', filter.messageId);
  if (filter.user !== undefined) where.add('(e.user_id = ? OR e.anonymous_id = ?)', filter.user, filter.user);
  where.between('received_at', filter.from, filter.to);
  if (filter.q !== undefined && filter.q !== '') where.add("e.event LIKE ? ESCAPE '\\'", `%${escapeLike(filter.q)}%`);
  if (filter.seqs) where.add('e.seq IN (SELECT value FROM json_each(?))', JSON.stringify(filter.seqs));
  for (const c of filter.where ?? []) wherePredicate(c, parts, params);
  return { sql: where.sql(), params };
}

/** The most selective lookup keys of a filter (to match in keys.event_keys), if any. */
export function lookupKeys(filter: EventFilter): string[] | undefined {
  if (filter.messageId !== undefined) return [lookupKey('m', filter.messageId)];
  if (filter.userId !== undefined) return [lookupKey('u', filter.userId)];
  if (filter.anonymousId !== undefined) return [lookupKey('a', filter.anonymousId)];
  if (filter.user !== undefined) return [lookupKey('u', filter.user), lookupKey('a', filter.user)];
  if (filter.eventName !== undefined && !filter.eventName.includes('*')) return [lookupKey('n', filter.eventName)];
  if (filter.sourceId !== undefined) return [lookupKey('s', filter.sourceId)];
  return undefined;
}
