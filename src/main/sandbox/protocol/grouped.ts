import type { GroupedAnswer } from './messages';
import { parseAnswerObject, parseRunAnswer, readAnswerLogs, readEntry, unreadableAnswer } from './answer';
import type { GroupedOutput, TransformResult } from '../types';

/** What one input event became: its outputs and per-event errors. */
export interface EventOutcome {
  outputs: Record<string, unknown>[];
  errors: string[];
}

/**
 * Maps every output and per-event error of a run back to its input by the metadata's
 * messageId (the first input with that id). Outputs naming no input are orphans (e.g. new events
 * from transformBatch); an error naming none (a transformBatch that threw) fails every event that
 * has no result.
 */
export function groupByEvent(results: TransformResult[], messageIds: (string | null | undefined)[]): { perEvent: EventOutcome[]; orphans: Record<string, unknown>[] } {
  const indexByMessageId = new Map<string, number>();
  messageIds.forEach((id, i) => {
    if (id !== undefined && id !== null && !indexByMessageId.has(id)) indexByMessageId.set(id, i);
  });
  const perEvent: EventOutcome[] = Array.from({ length: messageIds.length }, () => ({ outputs: [], errors: [] }));
  const orphans: Record<string, unknown>[] = [];
  const batchErrors: string[] = [];
  for (const result of results) {
    const index = result.metadata?.messageId === undefined ? undefined : indexByMessageId.get(result.metadata.messageId);
    const target = index === undefined ? undefined : perEvent[index];
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

/**
 * The isolate's answer read straight into outcomes per input event, as groupByEvent maps the
 * results of readRunAnswer (same rules, without building a TransformResult per output): the
 * input an entry names carries messageIds[index]; orphans are left out.
 */
export function groupRunAnswer(json: string, messageIds: (string | null)[], maxOutputBytes: number): { perEvent: EventOutcome[]; logs: string[] } {
  const { entries, answer } = parseRunAnswer(json, maxOutputBytes);
  const count = messageIds.length;
  // The outcome each input's messageId maps to: the first input with that id.
  const firstWithId = new Map<string, EventOutcome>();
  const perEvent: EventOutcome[] = [];
  const targets: (EventOutcome | undefined)[] = messageIds.map((id) => {
    const outcome: EventOutcome = { outputs: [], errors: [] };
    perEvent.push(outcome);
    if (id === null) return undefined;
    if (!firstWithId.has(id)) firstWithId.set(id, outcome);
    return firstWithId.get(id);
  });
  const batchErrors: string[] = [];
  for (const raw of entries) {
    const entry = readEntry(raw, count);
    const target = entry.index < 0 ? undefined : targets[entry.index];
    if (entry.output) target?.outputs.push(entry.output);
    else if (target) target.errors.push(entry.error);
    else batchErrors.push(entry.error);
  }
  failUnanswered(perEvent, batchErrors);
  return { perEvent, logs: readAnswerLogs(answer, count).logs };
}

/** True when every input has a messageId of its own: the isolate can then group its answer itself. */
export function isolateCanGroup(messageIds: (string | null)[]): boolean {
  const seen = new Set<string>();
  for (const id of messageIds) {
    if (id === null || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

/** A grouped answer as the Sandbox API gives it: each event's outputs as its own bytes. */
export function groupedOutput(grouped: GroupedAnswer, durationMs: number): GroupedOutput {
  const bytes = Buffer.from(grouped.outputs.buffer, grouped.outputs.byteOffset, grouped.outputs.byteLength);
  const outputs = grouped.ends.map((end, i) => bytes.subarray(i === 0 ? 0 : grouped.ends[i - 1]! + 1, end));
  return { outputs, counts: grouped.counts, errors: grouped.errors, logs: grouped.logs, durationMs };
}

/** Outputs texts as a GroupedAnswer's bytes: UTF-8, a line feed between them. */
export function packTexts(texts: string[]): { outputs: Uint8Array; ends: number[] } {
  const outputs = Buffer.from(texts.join('\n'), 'utf8');
  const ends: number[] = [];
  let at = 0;
  for (const text of texts) {
    at += Buffer.byteLength(text, 'utf8');
    ends.push(at);
    at += 1;
  }
  return { outputs, ends };
}

/** A run's results per input event as strings: each event's outputs as one JSON array text. */
export interface GroupedLines {
  lines: string[];
  /** Outputs per event (the length of each array in `lines`). */
  counts: number[];
  errors: string[][];
  logs: string[];
}

/** The same results as a GroupedAnswer (UTF-8 bytes and offsets), to send to the core. */
export const packLines = (grouped: GroupedLines): GroupedAnswer => ({ ...packTexts(grouped.lines), counts: grouped.counts, errors: grouped.errors, logs: grouped.logs });

const OPEN_CHAR = 91; // [
const CLOSE_CHAR = 93; // ]

/**
 * Reads an answer the isolate grouped per input event (grouped-answer-source.ts): the header is
 * parsed and checked; each event's outputs stay the JSON array text the isolate's own
 * JSON.stringify wrote (a slice of the answer, never parsed here). JSON never holds a raw line
 * feed, so the lines are found without parsing.
 */
export function readGroupedLines(json: string, count: number, maxOutputBytes: number): GroupedLines {
  const headerEnd = json.indexOf('\n');
  const h = parseAnswerObject(headerEnd < 0 ? json : json.slice(0, headerEnd), maxOutputBytes);
  const { c: counts, e: errors } = h;
  if (headerEnd < 0 || !Array.isArray(counts) || !Array.isArray(errors) || counts.length !== count || errors.length !== count) throw unreadableAnswer();
  const lines: string[] = [];
  let start = headerEnd + 1;
  for (let i = 0; i < count; i++) {
    const lineFeed = json.indexOf('\n', start);
    const end = lineFeed < 0 ? json.length : lineFeed;
    if ((lineFeed < 0) !== (i === count - 1)) throw unreadableAnswer();
    const n: unknown = counts[i];
    const list: unknown = errors[i];
    if (!Number.isInteger(n) || (n as number) < 0 || json.charCodeAt(start) !== OPEN_CHAR || json.charCodeAt(end - 1) !== CLOSE_CHAR || (n === 0) !== (end - start === 2)) throw unreadableAnswer();
    if (!Array.isArray(list) || !list.every((e) => typeof e === 'string')) throw unreadableAnswer();
    lines.push(json.slice(start, end));
    start = end + 1;
  }
  return { lines, counts: counts as number[], errors: errors as string[][], logs: readAnswerLogs(h, count).logs };
}

/** readGroupedLines, as the bytes the core receives. */
export const readGroupedAnswer = (json: string, count: number, maxOutputBytes: number): GroupedAnswer => packLines(readGroupedLines(json, count, maxOutputBytes));
