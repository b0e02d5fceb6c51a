import { messages, sandboxError } from '../errors';
import { droppedLogsLine } from '../host/log';
import type { TransformResult } from '../types';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** One entry of the isolate's answer, checked: the input index it names (-1: none) and an output or an error. */
export type AnswerEntry = { index: number; output: Record<string, unknown>; error?: undefined } | { index: number; output?: undefined; error: string };

/** The error of an answer that does not have the shape the runtime writes. */
export const unreadableAnswer = () => sandboxError('The transformation produced a result that cannot be read');

/**
 * Parses a JSON object the isolate answered (a whole answer, or the header line of a grouped one)
 * and throws its fatal error (`{"f": …}`), if any. The answer is checked, not trusted: user code
 * can tamper with its own realm's JSON and Array.
 */
export function parseAnswerObject(json: string, maxOutputBytes: number): Record<string, unknown> {
  let answer: unknown;
  try {
    answer = JSON.parse(json);
  } catch {
    throw sandboxError('The transformation produced a result that cannot be read (was JSON replaced?)');
  }
  if (!isPlainObject(answer)) throw unreadableAnswer();
  if (typeof answer.f === 'string') {
    throw sandboxError(answer.f === 'output-too-large' ? messages.outputTooLarge(maxOutputBytes) : answer.f);
  }
  return answer;
}

/**
 * The pieces of an answer in parts (JSON arrays of entries, in order), each read as it arrives:
 * while the isolate still writes the next ones.
 */
export class AnswerParts {
  readonly pieces: unknown[][] = [];
  /** A piece was not a JSON array: the answer cannot be read. */
  broken = false;

  add(json: string): void {
    if (this.broken) return;
    try {
      const piece: unknown = JSON.parse(json);
      if (Array.isArray(piece)) this.pieces.push(piece);
      else this.broken = true;
    } catch {
      this.broken = true;
    }
  }
}

/**
 * Parses the isolate's answer (one JSON string, after its parts if it came in parts): its entries,
 * and the answer for its logs. The answer says how many parts came before it (`p`).
 */
export function parseRunAnswer(json: string, maxOutputBytes: number, parts?: AnswerParts): { entries: unknown[]; answer: Record<string, unknown> } {
  const answer = parseAnswerObject(json, maxOutputBytes);
  const rest = answer.r;
  const expected = answer.p ?? 0;
  if (!Array.isArray(rest) || parts?.broken || expected !== (parts?.pieces.length ?? 0)) throw unreadableAnswer();
  const entries = parts && parts.pieces.length > 0 ? [...parts.pieces, rest].flat() : rest;
  return { entries, answer };
}

const validIndex = (index: unknown, count: number): number =>
  typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < count ? index : -1;

/** Reads one `[index, kind, value]` entry of an answer over `count` input events. */
export function readEntry(entry: unknown, count: number): AnswerEntry {
  if (!Array.isArray(entry)) return { index: -1, error: 'invalid result entry' };
  const index = validIndex(entry[0], count);
  const kind: unknown = entry[1];
  const value: unknown = entry[2];
  if (kind === 0 && isPlainObject(value)) return { index, output: value };
  if (kind === 0) return { index, error: 'returned event from transformEvent(event) is not an object' };
  return { index, error: typeof value === 'string' ? value : String(value) };
}

/** The log lines of an answer and the input event that wrote each (-1: the batch). */
export function readAnswerLogs(answer: Record<string, unknown>, count: number): { logs: string[]; logEvents: number[] } {
  const logs: string[] = [];
  const logEvents: number[] = [];
  const lines: unknown[] = Array.isArray(answer.l) ? answer.l : [];
  const owners: unknown[] = Array.isArray(answer.li) ? answer.li : [];
  lines.forEach((line, k) => {
    if (typeof line !== 'string') return;
    logs.push(line);
    logEvents.push(validIndex(owners[k], count));
  });
  if (typeof answer.d === 'number' && answer.d > 0) {
    logs.push(droppedLogsLine(answer.d));
    logEvents.push(-1);
  }
  return { logs, logEvents };
}

/** An entry of the answer as a TransformResult (with its input's index). */
export function resultOf(raw: unknown, count: number): TransformResult {
  const entry = readEntry(raw, count);
  const { index } = entry;
  return entry.output ? { output: entry.output, index, statusCode: 200 } : { error: entry.error, index, statusCode: 400 };
}

/** Reads the isolate's answer over `count` input events and shapes it as TransformResults (each with its input's index). */
export function readRunAnswer(json: string, count: number, maxOutputBytes: number, parts?: AnswerParts): { results: TransformResult[]; logs: string[]; logEvents: number[] } {
  const { entries, answer } = parseRunAnswer(json, maxOutputBytes, parts);
  return { results: entries.map((raw) => resultOf(raw, count)), ...readAnswerLogs(answer, count) };
}
