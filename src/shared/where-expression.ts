// The JSON-path filter of captured events: `properties.revenue > 100 and
// context.library.name = "analytics-node"`. One parser for the server (which turns the conditions
// into json_extract predicates) and the Events page (which says what is wrong next to the field
// before anything is fetched). Every malformed expression gets a message that says what to fix.

export type WhereOp = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~' | 'exists' | 'missing';

/** One JSON-path condition. */
export interface WhereCondition {
  /** SQLite JSON path, e.g. `$.properties.revenue` or `$.products[0].sku`. */
  path: string;
  op: WhereOp;
  value?: string | number | boolean | null;
}

export type WhereParse = { ok: true; conditions: WhereCondition[] | undefined } | { ok: false; error: string };

export const WHERE_EXAMPLE = 'properties.revenue > 100 and context.library.name = "analytics-node"';
export const MAX_WHERE_CONDITIONS = 10;

const OPERATORS: Record<string, WhereOp> = { '=': '=', '==': '=', '!=': '!=', '>': '>', '>=': '>=', '<': '<', '<=': '<=', '~': '~' };
const OPERATOR_LIST = '=, !=, >, >=, <, <=, ~ (contains), or the words exists / missing';
/** Operators of other languages, and what to write instead. */
const MEANT: Record<string, string> = { '=>': '>=', '=<': '<=', '<>': '!=', '===': '=', '!==': '!=', '=~': '~' };
const WORD_OPERATORS: Record<string, string> = { is: '=', eq: '=', equals: '=', ne: '!=', gt: '>', lt: '<', gte: '>=', lte: '<=', contains: '~', like: '~', has: '~' };
const PATH = /^[A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\[\d{1,6}\])*$/;
const OPERATOR_CHARS = /[=!<>~]/;
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

class WhereSyntaxError extends Error {}
function fail(message: string): never {
  throw new WhereSyntaxError(message);
}
/** Quotes a piece of the expression (typographic quotes: the piece may hold " and '). */
const q = (text: string) => `“${text}”`;

/** Splits on " and " / "&&" outside quotes; an empty side of a joiner is an error. */
function splitConditions(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') {
        current += c + (text[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else {
      // The whitespace after a joiner stays, so that "and and" shows as two joiners.
      const joiner = (i === 0 ? /^(and(?=\s|$)|&&)/i : /^(\s+and(?=\s|$)|\s*&&)/i).exec(text.slice(i));
      if (joiner) {
        parts.push(current.trim());
        current = '';
        i += joiner[0].length - 1;
        continue;
      }
    }
    current += c;
  }
  parts.push(current.trim());
  parts.forEach((part, i) => {
    if (part) return;
    if (i === 0) fail('nothing before the first "and": start with a condition');
    if (i === parts.length - 1) fail('nothing after the last "and": add a condition or remove the "and"');
    fail('two "and"s in a row: put a condition between them');
  });
  return parts;
}

/** The end of a double-quoted JSON string starting at 0 (index of the closing quote), or -1. */
function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function parseValue(raw: string, op: string, part: string): string | number | boolean | null {
  if (raw === '') fail(`${q(part)}: no value after ${op} (write "" for the empty string)`);
  if (OPERATOR_CHARS.test(raw[0]!)) {
    const second = /^[=!<>~]+/.exec(raw)![0];
    fail(`${q(part)}: two operators in a row (${op} then ${second}): keep one, e.g. ${part.slice(0, part.indexOf(op))}${op} 100`);
  }
  if (raw.startsWith('"')) {
    const end = closingQuote(raw);
    if (end < 0) fail(`${q(part)}: the value ${raw} has no closing "`);
    const literal = raw.slice(0, end + 1);
    const after = raw.slice(end + 1).trim();
    if (after) fail(`${q(part)}: ${q(after)} after the quoted value ${literal}: join conditions with "and"`);
    try {
      return JSON.parse(literal) as string;
    } catch {
      return fail(`${q(part)}: ${literal} is not a valid JSON string (check its backslash escapes: \\\\ is one backslash, \\n a line break)`);
    }
  }
  if (raw.startsWith("'")) {
    const end = raw.indexOf("'", 1);
    if (end < 0) fail(`${q(part)}: the value ${raw} has no closing '`);
    const after = raw.slice(end + 1).trim();
    if (after) fail(`${q(part)}: ${q(after)} after the quoted value ${raw.slice(0, end + 1)}: join conditions with "and"`);
    return raw.slice(1, end);
  }
  if (/^(true|false|null)$/.test(raw)) return JSON.parse(raw) as boolean | null;
  if (NUMBER.test(raw)) {
    const n = Number(raw);
    if (!Number.isFinite(n)) fail(`${q(part)}: the number ${raw} is out of range`);
    return n;
  }
  // A bare word (or words): nothing in it may read as syntax.
  if (/["']/.test(raw)) fail(`${q(part)}: the value ${raw} has a stray quote: quote the whole value, e.g. ${JSON.stringify(raw.replace(/["']/g, ''))}`);
  if (/(^|\s)(or|\|\|)(\s|$)/i.test(raw) || raw.includes('||'))
    fail(`${q(part)}: "or" does not join conditions (only "and" does); to match text containing "or", quote the value`);
  if (OPERATOR_CHARS.test(raw)) fail(`${q(part)}: the value ${q(raw)} holds an operator: join conditions with "and", or quote the value if it is text`);
  return raw;
}

function parseCondition(part: string, index: number): WhereCondition {
  const rawPath = /^[^\s=!<>~]*/.exec(part)![0];
  const rest = part.slice(rawPath.length).trim();
  if (!rawPath) fail(`${q(part)}: no field path before ${/^[=!<>~]+/.exec(part)![0]}: write e.g. properties.revenue ${/^[=!<>~]+/.exec(part)![0]} 100`);
  const path = rawPath.replace(/^\$\.?/, '');
  const pathProblem = () =>
    fail(`${q(rawPath)} is not a field path: dotted names (letters, digits, _, $, -; not starting with a digit) and [n] for array items, e.g. properties.items[0].sku`);
  if (!PATH.test(path)) pathProblem();
  const sqlPath = `$.${path.replace(/\.([^.[]*-[^.[]*)/g, '."$1"').replace(/^([^.[]*-[^.[]*)/, '"$1"')}`;

  const word = /^(exists|missing)(?=\s|$)/i.exec(rest);
  if (word) {
    const after = rest.slice(word[0].length).trim();
    if (after) fail(`${q(part)}: ${word[1]!.toLowerCase()} takes no value (remove ${q(after)}, or join another condition with "and")`);
    return { path: sqlPath, op: word[1]!.toLowerCase() as WhereOp };
  }
  const opToken = /^[=!<>~]+/.exec(rest)?.[0];
  if (!opToken) {
    if (!rest) fail(`${q(part)}: needs an operator and a value, e.g. ${rawPath} = "text", ${rawPath} > 10, or ${rawPath} exists`);
    const next = rest.split(/\s+/)[0]!;
    const instead = WORD_OPERATORS[next.toLowerCase()];
    if (instead) fail(`${q(part)}: write ${instead} instead of ${q(next)} (operators: ${OPERATOR_LIST})`);
    const quoting = index > 0 ? ' (a value with " and " in it needs quotes)' : '';
    fail(`${q(part)}: expected an operator after ${rawPath}, got ${q(next)}${quoting}; operators: ${OPERATOR_LIST}. Write e.g. ${WHERE_EXAMPLE}`);
  }
  const op = OPERATORS[opToken];
  if (!op) {
    const meant = MEANT[opToken];
    fail(`${q(part)}: unknown operator ${q(opToken)}${meant ? ` (did you mean ${meant}?)` : ''}; operators: ${OPERATOR_LIST}`);
  }
  const value = parseValue(rest.slice(opToken.length).trim(), opToken, part);
  if (op === '~') return { path: sqlPath, op, value: typeof value === 'string' ? value : String(value) };
  if (value === null && op !== '=' && op !== '!=')
    fail(`${q(part)}: ${op} compares numbers or text, not null (use = null, != null, exists or missing)`);
  return { path: sqlPath, op, value };
}

/** Parses a `where` text; `ok: false` carries a message saying what to fix. */
export function parseWhereExpression(text: string | undefined): WhereParse {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return { ok: true, conditions: undefined };
  try {
    const parts = splitConditions(trimmed);
    if (parts.length > MAX_WHERE_CONDITIONS) fail(`at most ${MAX_WHERE_CONDITIONS} conditions (this has ${parts.length})`);
    return { ok: true, conditions: parts.map(parseCondition) };
  } catch (e) {
    if (e instanceof WhereSyntaxError) return { ok: false, error: e.message };
    throw e;
  }
}
