import type { GroupedAnswer } from './messages';
import { parseAnswerObject, readAnswerLogs, unreadableAnswer } from './answer';
import type { GroupedOutput, TransformResult } from '../types';

/** What one input event became: its outputs and per-event errors. */
export interface EventOutcome {
  outputs: Record<string, unknown>[];
  errors: string[];
}

/**
 * Puts every output and per-event error of a run (over `count` inputs) with the input it names
 * (its index). Outputs naming no input are orphans (e.g. new events from transformBatch); an
 * error naming none (a transformBatch that threw) fails every event that has no result.
 */
export function groupByEvent(results: TransformResult[], count: number): { perEvent: EventOutcome[]; orphans: Record<string, unknown>[] } {
  const perEvent: EventOutcome[] = Array.from({ length: count }, () => ({ outputs: [], errors: [] }));
  const orphans: Record<string, unknown>[] = [];
  const batchErrors: string[] = [];
  for (const result of results) {
    const target = result.index >= 0 ? perEvent[result.index] : undefined;
    if (result.error !== undefined) {
      if (target) target.errors.push(result.error);
      else batchErrors.push(result.error);
    } else if (result.output !== undefined) {
      if (target) target.outputs.push(result.output);
      else orphans.push(result.output);
    }
  }
  failUnanswered(perEvent, batchErrors);
  return { perEvent, orphans };
}

/** Errors naming no input (a transformBatch that threw) fail every event that has no result. */
function failUnanswered(perEvent: EventOutcome[], batchErrors: string[]): void {
  if (batchErrors.length === 0) return;
  for (const outcome of perEvent) if (!outcome.outputs.length && !outcome.errors.length) outcome.errors.push(...batchErrors);
}

/** A grouped answer as the Sandbox API gives it: each event's outputs as its own bytes. */
export function groupedOutput(grouped: GroupedAnswer, durationMs: number): GroupedOutput {
  const bytes = Buffer.from(grouped.outputs.buffer, grouped.outputs.byteOffset, grouped.outputs.byteLength);
  const outputs = grouped.ends.map((end, i) => bytes.subarray(i === 0 ? 0 : grouped.ends[i - 1]! + 1, end));
  return { outputs, counts: grouped.counts, errors: grouped.errors, logs: grouped.logs, orphans: grouped.orphans?.json ?? NO_ORPHANS.json, durationMs };
}

/** Outputs texts as a GroupedAnswer's bytes: UTF-8, a line feed between them. */
export const packTexts = (texts: string[]): { outputs: Uint8Array; ends: number[] } => ({ outputs: Buffer.from(texts.join('\n'), 'utf8'), ends: endsOf(texts) });

/** The end (UTF-8 byte offset) of each text in their bytes with a line feed between them. */
function endsOf(texts: string[]): number[] {
  const ends: number[] = [];
  let at = 0;
  for (const text of texts) {
    at += Buffer.byteLength(text, 'utf8');
    ends.push(at);
    at += 1;
  }
  return ends;
}

/** A run's results per input event as strings: each event's outputs as one JSON array text. */
export interface GroupedLines {
  lines: string[];
  /** The same lines as one text, a line feed between them: the answer's own span of them (a slice, not joined again). */
  text: string;
  /** Outputs per event (the length of each array in `lines`). */
  counts: number[];
  errors: string[][];
  logs: string[];
  /** Outputs naming no input event (e.g. new events of transformBatch), as one JSON array text, and how many. */
  orphans: { json: string; count: number };
}

export const NO_ORPHANS = { json: '[]', count: 0 };

/** The same results as a GroupedAnswer (UTF-8 bytes and offsets), to send to the core. */
export const packLines = (grouped: GroupedLines): GroupedAnswer => ({
  outputs: Buffer.from(grouped.text, 'utf8'),
  ends: endsOf(grouped.lines),
  counts: grouped.counts,
  errors: grouped.errors,
  logs: grouped.logs,
  ...(grouped.orphans.count > 0 ? { orphans: grouped.orphans } : {}),
});

const OPEN_CHAR = 91; // [
const CLOSE_CHAR = 93; // ]

/**
 * Reads an answer the isolate grouped per input event (isolate/runtime/answer.js): the header is
 * parsed and checked; each event's outputs stay the JSON array text the isolate's own
 * JSON.stringify wrote (a slice of the answer, never parsed here). JSON never holds a raw line
 * feed, so the lines are found without parsing.
 */
export function readGroupedLines(json: string, count: number, maxOutputBytes: number): GroupedLines {
  const headerEnd = json.indexOf('\n');
  const h = parseAnswerObject(headerEnd < 0 ? json : json.slice(0, headerEnd), maxOutputBytes);
  const { c: counts, e: errors, o: orphanCount = 0 } = h;
  if (headerEnd < 0 || !Array.isArray(counts) || !Array.isArray(errors) || counts.length !== count || errors.length !== count) throw unreadableAnswer();
  if (!Number.isInteger(orphanCount) || (orphanCount as number) < 0) throw unreadableAnswer();
  // The events' lines, then one line of orphans when there are any.
  const total = count + (orphanCount === 0 ? 0 : 1);
  const lines: string[] = [];
  let start = headerEnd + 1;
  for (let i = 0; i < total; i++) {
    const lineFeed = json.indexOf('\n', start);
    const end = lineFeed < 0 ? json.length : lineFeed;
    if ((lineFeed < 0) !== (i === total - 1)) throw unreadableAnswer();
    if (i === count) {
      if (json.charCodeAt(start) !== OPEN_CHAR || json.charCodeAt(end - 1) !== CLOSE_CHAR || end - start === 2) throw unreadableAnswer();
      const text = count === 0 ? '' : json.slice(headerEnd + 1, start - 1);
      return { lines, text, counts: counts as number[], errors: errors as string[][], logs: readAnswerLogs(h, count).logs, orphans: { json: json.slice(start, end), count: orphanCount as number } };
    }
    const n: unknown = counts[i];
    const list: unknown = errors[i];
    if (!Number.isInteger(n) || (n as number) < 0 || json.charCodeAt(start) !== OPEN_CHAR || json.charCodeAt(end - 1) !== CLOSE_CHAR || (n === 0) !== (end - start === 2)) throw unreadableAnswer();
    if (!Array.isArray(list) || !list.every((e) => typeof e === 'string')) throw unreadableAnswer();
    lines.push(json.slice(start, end));
    start = end + 1;
  }
  // The events' lines run to the answer's end (no orphans line).
  const text = count === 0 ? '' : json.slice(headerEnd + 1);
  return { lines, text, counts: counts as number[], errors: errors as string[][], logs: readAnswerLogs(h, count).logs, orphans: NO_ORPHANS };
}

/** readGroupedLines, as the bytes the core receives. */
export const readGroupedAnswer = (json: string, count: number, maxOutputBytes: number): GroupedAnswer => packLines(readGroupedLines(json, count, maxOutputBytes));
