import { StudioError } from '../errors';
import type { WhereCondition, WhereOp } from '../store/event-predicates';

// JSON-path conditions on captured events: `properties.revenue > 100 and
// context.library.name = "analytics-node"`. Parsed here into (SQLite JSON path, operator,
// value); events-repo turns them into json_extract predicates.


const PATH = /^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[\d{1,6}\])*$/;
const CONDITION = /^\s*([^\s=!<>~]+)\s*(?:(=|==|!=|>=|<=|>|<|~)\s*(.+?)|\s(exists|missing))\s*$/i;
const MAX_CONDITIONS = 10;

const invalid = (message: string) =>
  new StudioError('validation', `where: ${message} (write e.g. properties.revenue > 100 and context.library.name = "analytics-node")`);

function parseValue(text: string): string | number | boolean | null {
  const trimmed = text.trim();
  if (/^(true|false|null)$/.test(trimmed) || /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed) || trimmed.startsWith('"')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value as string | number | boolean | null;
    } catch {
      throw invalid(`${trimmed} is not a valid JSON value`);
    }
  }
  if (trimmed.startsWith("'") && trimmed.endsWith("'") && trimmed.length >= 2) return trimmed.slice(1, -1);
  return trimmed;
}

/** Splits on " and " / "&&" outside double quotes. */
function splitConditions(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (!quoted) {
      const rest = text.slice(i);
      const joiner = /^(\s+and\s+|\s*&&\s*)/i.exec(rest);
      if (joiner) {
        parts.push(current);
        current = '';
        i += joiner[0].length - 1;
        continue;
      }
    }
    current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Parses a `where` text; throws a validation error saying what to fix. */
export function parseWhere(text: string | undefined): WhereCondition[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const parts = splitConditions(text);
  if (parts.length > MAX_CONDITIONS) throw invalid(`at most ${MAX_CONDITIONS} conditions`);
  return parts.map((part) => {
    const match = CONDITION.exec(part);
    if (!match) throw invalid(`cannot read ${JSON.stringify(part)}: expected <path> <operator> <value>`);
    const [, rawPath, rawOp, rawValue, word] = match;
    const path = rawPath!.replace(/^\$\.?/, '');
    if (!PATH.test(path)) throw invalid(`${JSON.stringify(rawPath)} is not a field path (dotted names, [n] for array items)`);
    const sqlPath = `$.${path.replace(/\.([^.[]*-[^.[]*)/g, '."$1"').replace(/^([^.[]*-[^.[]*)/, '"$1"')}`;
    if (word) return { path: sqlPath, op: word.toLowerCase() as WhereOp };
    const op = (rawOp === '==' ? '=' : rawOp) as WhereOp;
    const value = parseValue(rawValue!);
    if (op === '~' && typeof value !== 'string') return { path: sqlPath, op, value: String(value) };
    return { path: sqlPath, op, value };
  });
}
