import type { TestEvent } from '../../api/types';

export type ParsedEvents =
  | { ok: true; events: TestEvent[] }
  | { ok: false; message: string; from: number; to: number };

/** Offset of a JSON.parse error, from V8's "at position N" or "(line L column C)". */
function errorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n');
    const line = Math.min(Number(lineColumn[1]), lines.length);
    return lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

const describeValue = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/** Test events as the bench accepts them: a JSON array of event objects. */
export function parseTestEvents(text: string): ParsedEvents {
  if (!text.trim()) return { ok: false, message: 'Add test events: a JSON array of event objects, e.g. [{"type": "track", "event": "Signed Up"}].', from: 0, to: 0 };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const from = Math.min(errorOffset(message, text), text.length);
    return { ok: false, message: `Invalid JSON: ${message.replace(/^JSON\.parse: /, '')}`, from, to: Math.min(from + 1, text.length) };
  }
  if (!Array.isArray(value)) {
    return { ok: false, message: `Test events must be a JSON array of event objects; this is ${describeValue(value)}. Wrap it in [ ].`, from: 0, to: Math.min(1, text.length) };
  }
  const bad = value.findIndex((v) => typeof v !== 'object' || v === null || Array.isArray(v));
  if (bad !== -1) {
    return { ok: false, message: `Event #${bad + 1} is ${describeValue(value[bad])}; every test event must be an object.`, from: 0, to: Math.min(1, text.length) };
  }
  return { ok: true, events: value as TestEvent[] };
}

export const formatEvents = (events: unknown[]): string => JSON.stringify(events, null, 2);

/**
 * The bench's row (1-based, as its results number them "#1") of a saved test's or an error's
 * input event: by messageId when it has one, else by equal JSON; undefined when it is not there.
 */
export function benchRowOf(events: readonly unknown[], input: unknown): number | undefined {
  const id = (input as { messageId?: unknown } | undefined)?.messageId;
  const text = JSON.stringify(input);
  const i = events.findIndex((e) => (id !== undefined ? (e as { messageId?: unknown } | undefined)?.messageId === id : JSON.stringify(e) === text));
  return i >= 0 ? i + 1 : undefined;
}
