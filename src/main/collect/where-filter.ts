import { StudioError } from '../errors';
import { parseWhereExpression, type WhereCondition } from '../../shared/where-expression';

// JSON-path conditions on captured events (the `where` filter): parsed by the shared parser
// (the Events page checks with the same one) into (SQLite JSON path, operator, value);
// events-repo turns them into json_extract predicates.

/** Parses a `where` text; throws a validation error (400) saying what to fix. */
export function parseWhere(text: string | undefined): WhereCondition[] | undefined {
  const parsed = parseWhereExpression(text);
  if (!parsed.ok) throw new StudioError('validation', `where: ${parsed.error}`);
  return parsed.conditions;
}
