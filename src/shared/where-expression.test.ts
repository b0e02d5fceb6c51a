import { describe, expect, it } from 'vitest';
import { parseWhereExpression, type WhereCondition } from './where-expression';

const valid: [string, WhereCondition[] | undefined][] = [
  ['', undefined],
  ['   ', undefined],
  ['properties.revenue > 100', [{ path: '$.properties.revenue', op: '>', value: 100 }]],
  ['properties.revenue>100', [{ path: '$.properties.revenue', op: '>', value: 100 }]],
  ['properties.revenue >= -1.5e3', [{ path: '$.properties.revenue', op: '>=', value: -1500 }]],
  ['properties.revenue < 0 and properties.revenue <= 0', [{ path: '$.properties.revenue', op: '<', value: 0 }, { path: '$.properties.revenue', op: '<=', value: 0 }]],
  [
    'properties.revenue > 100 and context.library.name = "analytics-node"',
    [{ path: '$.properties.revenue', op: '>', value: 100 }, { path: '$.context.library.name', op: '=', value: 'analytics-node' }],
  ],
  ['event == "Order Completed"', [{ path: '$.event', op: '=', value: 'Order Completed' }]],
  ['event = Order Completed && products[0].sku exists', [{ path: '$.event', op: '=', value: 'Order Completed' }, { path: '$.products[0].sku', op: 'exists' }]],
  ['context.traits.email MISSING', [{ path: '$.context.traits.email', op: 'missing' }]],
  ['a = 1 AND b != 2', [{ path: '$.a', op: '=', value: 1 }, { path: '$.b', op: '!=', value: 2 }]],
  ['properties.note ~ "a and b"', [{ path: '$.properties.note', op: '~', value: 'a and b' }]],
  ["properties.note ~ 'x && y'", [{ path: '$.properties.note', op: '~', value: 'x && y' }]],
  ['properties.note ~ 42', [{ path: '$.properties.note', op: '~', value: '42' }]],
  ['properties.flag = true', [{ path: '$.properties.flag', op: '=', value: true }]],
  ['properties.gone = null and properties.here != null', [{ path: '$.properties.gone', op: '=', value: null }, { path: '$.properties.here', op: '!=', value: null }]],
  ['properties.zip = 01234', [{ path: '$.properties.zip', op: '=', value: '01234' }]],
  ['properties.quote = "say \\"hi\\""', [{ path: '$.properties.quote', op: '=', value: 'say "hi"' }]],
  ['properties.empty = ""', [{ path: '$.properties.empty', op: '=', value: '' }]],
  ['$.properties.revenue > 1', [{ path: '$.properties.revenue', op: '>', value: 1 }]],
  ['context.user-agent ~ Chrome', [{ path: '$.context."user-agent"', op: '~', value: 'Chrome' }]],
  ['timestamp > 2026-01-01T00:00:00Z', [{ path: '$.timestamp', op: '>', value: '2026-01-01T00:00:00Z' }]],
  ['event = Brand', [{ path: '$.event', op: '=', value: 'Brand' }]],
  [Array.from({ length: 10 }, (_, i) => `p${i} exists`).join(' and '), Array.from({ length: 10 }, (_, i) => ({ path: `$.p${i}`, op: 'exists' as const }))],
];

/** Malformed expressions and a fragment of the message that says what to fix. */
const invalid: [string, RegExp][] = [
  ['foo bar baz', /^“foo bar baz”: expected an operator after foo, got “bar”; operators: =, !=, >, >=, <, <=, ~/],
  ['revenue', /^“revenue”: needs an operator and a value, e.g. revenue = "text", revenue > 10, or revenue exists$/],
  ['properties.revenue >>> 100', /^“properties.revenue >>> 100”: unknown operator “>>>”; operators: =, !=/],
  ['properties.revenue => 100', /unknown operator “=>” \(did you mean >=\?\)/],
  ['properties.revenue <> 100', /unknown operator “<>” \(did you mean !=\?\)/],
  ['properties.revenue === 100', /unknown operator “===” \(did you mean =\?\)/],
  ['properties.revenue ! 100', /unknown operator “!”/],
  ['properties.revenue > > 100', /two operators in a row \(> then >\): keep one, e.g. properties.revenue > 100/],
  ['properties.revenue = = 1', /two operators in a row/],
  ['properties.revenue >', /^“properties.revenue >”: no value after >/],
  ['properties.revenue = ', /no value after = \(write "" for the empty string\)/],
  ['> 100', /^“> 100”: no field path before >: write e.g. properties.revenue > 100/],
  ['= "x"', /no field path before =/],
  ['a..b = 1', /^“a..b” is not a field path: dotted names/],
  ['1abc = 1', /“1abc” is not a field path/],
  ['$ = 1', /“\$” is not a field path/],
  ['a[x] = 1', /“a\[x\]” is not a field path/],
  ['"event" = 1', /“"event"” is not a field path/],
  ['a = "x', /^“a = "x”: the value "x has no closing "/],
  ["a = 'x", /the value 'x has no closing '/],
  ['a = "x" y', /“y” after the quoted value "x": join conditions with "and"/],
  ["a = 'x' y", /“y” after the quoted value 'x'/],
  ['a = "bad \\q escape"', /is not a valid JSON string \(check its backslash escapes/],
  ['a = foo"bar', /the value foo"bar has a stray quote: quote the whole value, e.g. "foobar"/],
  ['a = 1 or b = 2', /"or" does not join conditions/],
  ['event = x > 2', /^“event = x > 2”: the value “x > 2” holds an operator: join conditions with "and", or quote the value/],
  ['event = Salt or Pepper', /"or" does not join conditions \(only "and" does\)/],
  ['event = a || b', /"or" does not join conditions/],
  ['a = 1 and', /^nothing after the last "and": add a condition or remove the "and"$/],
  ['a = 1 &&', /nothing after the last "and"/],
  ['and a = 1', /nothing before the first "and"/],
  ['a = 1 and and b = 2', /two "and"s in a row/],
  ['a = 1 && && b = 2', /two "and"s in a row/],
  ['a exists 1', /exists takes no value \(remove “1”/],
  ['a missing and', /nothing after the last "and"/],
  ['event = Salt and Pepper', /“Pepper”: needs an operator and a value/],
  ['a = 1 and Pepper Mill', /expected an operator after Pepper, got “Mill” \(a value with " and " in it needs quotes\)/],
  ['event is Order', /write = instead of “is”/],
  ['properties.note contains x', /write ~ instead of “contains”/],
  ['properties.revenue > null', /> compares numbers or text, not null \(use = null, != null, exists or missing\)/],
  ['properties.revenue > 1e999', /the number 1e999 is out of range/],
  [Array.from({ length: 11 }, (_, i) => `p${i} exists`).join(' and '), /at most 10 conditions \(this has 11\)/],
];

describe('parseWhereExpression', () => {
  it.each(valid)('reads %j', (text, conditions) => {
    expect(parseWhereExpression(text)).toEqual({ ok: true, conditions });
  });

  it.each(invalid)('rejects %j saying what to fix', (text, message) => {
    const parsed = parseWhereExpression(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(message);
  });

  it('answers every input with conditions or a message, never a thrown error', () => {
    const pieces = ['a', 'b.c', '[0]', ' ', '=', '>', '<', '!', '~', '"', "'", '\\', 'and', '&&', 'or', 'exists', '1', 'null', '$', '.', '-', 'é', '\n'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: 1 + (next() % 8) }, () => pieces[next() % pieces.length]).join(next() % 2 ? ' ' : '');
      const parsed = parseWhereExpression(text);
      if (!parsed.ok) expect(parsed.error.length, text).toBeGreaterThan(10);
    }
  });
});
