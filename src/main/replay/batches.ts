import type { ChangeKind, ReplaySummary } from '../../shared/api/replay';
import type { EventMetadata, TargetIds } from '../sandbox';
import type { BatchWrite, ReplayInputRow, ReplayRepo, ReplayResultWrite } from '../store/replay-repo';
import { addToSummary, classify, errorText, NO_OUTPUTS, orphansDiffer, outputChanges, sideOutcome, type SideOutcome } from './outcome';
import { linesOf, type ReplayJob, type SideAnswer } from './worker';

// One replay batch from stored inputs to stored results, in the core: read, (the sandbox's
// background process runs it through each target: worker/), classify, summarise, write. The
// same functions store as failed a batch whose sandbox process crashed.

/** Events read per batch and sent to the sandbox in one call. */
export const BATCH_SIZE = 200;

/** One target's results over a batch, per present event, and its outputs naming no input event. */
export interface SideResult {
  outcomes: SideOutcome[];
  logs: string[];
  durationMs: number;
  orphans: { json: string; count: number };
  /** Every present event's outputs, a line feed between them, as they came (absent for a failed side). */
  text?: string;
}

const NO_ORPHANS = { json: NO_OUTPUTS, count: 0 };

/** A row of a batch as the core keeps it while the batch runs: its event's text is in `events`. */
export type BatchRow = Pick<ReplayInputRow, 'position' | 'event_seq' | 'message_id'>;

export interface PreparedBatch {
  rows: BatchRow[];
  /** The present events' JSON texts joined with commas, put into the isolate's payload as they are. */
  events: string;
  /** Per present event: what metadata(event) and the stored results need beyond the event itself. */
  facts: EventFacts[];
  /** Index of each event in `rows` (rows whose event is gone are not run). */
  missing: Set<number>;
}

/**
 * The fields of the event itself (messageId, type, name, receivedAt) are derived once, by the
 * isolate; outputs come back by their input's index. What is left: the captured event's source,
 * and the messageId an imported event carries (stored with its results).
 */
interface EventFacts {
  /** The messageId the event itself carries (absent on some imported events). */
  ownMessageId?: string;
  sourceId?: string;
}

/** Facts of an imported event (not captured, so no stored columns): its own messageId, read from it. */
function importedFacts(json: string): EventFacts {
  const id = (JSON.parse(json) as Record<string, unknown>).messageId;
  return { ownMessageId: typeof id === 'string' ? id : undefined };
}

/** A batch of inputs; a captured event deleted since the run was created counts as missing. */
export function prepareBatch(rows: ReplayInputRow[]): PreparedBatch {
  const texts: string[] = [];
  const facts: EventFacts[] = [];
  const missing = new Set<number>();
  // The rows kept while the batch runs hold no event text (less for the core's heap to carry).
  const kept: BatchRow[] = rows.map((row, i) => {
    if (row.event === null) missing.add(i);
    else {
      texts.push(row.event);
      facts.push(row.message_id === null ? importedFacts(row.event) : { ownMessageId: row.message_id, sourceId: row.source_id ?? undefined });
    }
    return { position: row.position, event_seq: row.event_seq, message_id: row.message_id };
  });
  return { rows: kept, events: texts.join(','), facts, missing };
}

/** What metadata(event) reports for an event of a side (the isolate adds what it derives from the event). */
export const metadataOf = (sourceId: string | undefined, spec: TargetIds, workspaceId: string): EventMetadata => ({
  sourceId,
  sourceType: 'HTTP',
  workspaceId,
  transformationId: spec.transformationId ?? undefined,
  transformationVersionId: spec.versionId ?? undefined,
});

/**
 * The JSON array text of the batch's metadata on a side: JSON.stringify of each event's
 * metadataOf, made once per source of the batch (its events differ by source only).
 */
export function metadataText(batch: PreparedBatch, spec: TargetIds, workspaceId: string): string {
  const bySource = new Map<string | undefined, string>();
  const texts = batch.facts.map(({ sourceId }) => {
    let text = bySource.get(sourceId);
    if (text === undefined) bySource.set(sourceId, (text = JSON.stringify(metadataOf(sourceId, spec, workspaceId))));
    return text;
  });
  return `[${texts.join(',')}]`;
}

/** The batch of a run's inputs from `from` on (null: none left). */
export function readBatch(repo: ReplayRepo, runId: string, from: number): PreparedBatch | null {
  const rows = repo.inputs(runId, from, BATCH_SIZE);
  return rows.length === 0 ? null : prepareBatch(rows);
}

/** Position after a batch's last input. */
export const batchEnd = (batch: PreparedBatch): number => batch.rows[batch.rows.length - 1]!.position + 1;

/** Stores a batch's results on each side (false: the run's progress was elsewhere, nothing written). */
export const storeBatch = (repo: ReplayRepo, runId: string, from: number, batch: PreparedBatch, a: SideResult, b: SideResult | null): boolean =>
  repo.appendBatch(runId, from, (summary) => batchWrite(batch, a, b, summary));

/** Every present event of the batch failed with `message` (the whole run of a target failed). */
export const failedSide = (batch: PreparedBatch, message: string): SideResult => ({
  outcomes: batch.facts.map(() => sideOutcome(NO_OUTPUTS, 0, errorText(message))),
  logs: [],
  durationMs: 0,
  orphans: NO_ORPHANS,
});

/** What the worker is asked for the batch: its events once, each side's metadata. */
export const batchJob = (batch: PreparedBatch, targets: TargetIds[], workspaceId: string): ReplayJob => ({
  events: batch.events,
  count: batch.facts.length,
  metadata: targets.map((target) => metadataText(batch, target, workspaceId)),
});

/** One side's answer as results per present event; a run that failed as a whole fails every event of it. */
export function sideResultOf(batch: PreparedBatch, answer: SideAnswer): SideResult {
  if ('error' in answer) return failedSide(batch, answer.error);
  const { counts, errors, logs, orphans, text } = answer.ok;
  const failed = new Map(errors);
  return {
    outcomes: linesOf(answer.ok).map((json, i) => {
      const list = failed.get(i);
      return sideOutcome(json, counts[i]!, list ? errorText(list.join('\n')) : null);
    }),
    logs,
    durationMs: answer.durationMs,
    orphans,
    text,
  };
}

/**
 * What appendBatch stores for a batch, given the run's stored summary (JSON), which it adds to:
 * every event's outputs in the batch row, and a row of its own for each event a results filter
 * can find (failed or dropped on a side, or changed by B).
 */
export function batchWrite(batch: PreparedBatch, a: SideResult, b: SideResult | null, storedSummary: string): BatchWrite {
  const summary = JSON.parse(storedSummary) as ReplaySummary;
  const whole = (side: SideResult) => (batch.missing.size === 0 ? side.text : undefined);
  const { results, findable } = batchResults(batch, a, b, summary);
  const sameB = results.every((r) => r.outputsB === null || r.outputsA === r.outputsB);
  // Outputs naming no input: stored with the batch and counted per side (the pipeline delivers them too).
  const orphansOf = (side: SideResult | null, counts: ReplaySummary['a'] | undefined) => {
    if (!side || side.orphans.count === 0 || !counts) return null;
    counts.orphans = (counts.orphans ?? 0) + side.orphans.count;
    return side.orphans.json;
  };
  // They belong to no event, so no change kind counts them: the batches where they differ are counted apart.
  if (b && summary.changes && orphansDiffer(a.orphans.json, b.orphans.json)) summary.orphansChanged = (summary.orphansChanged ?? 0) + 1;
  return {
    logsA: JSON.stringify(a.logs),
    logsB: b ? JSON.stringify(b.logs) : null,
    orphansA: orphansOf(a, summary.a),
    orphansB: orphansOf(b, summary.b),
    outputs: {
      // With no event missing, a side's lines are its answer's text as it came.
      a: whole(a) ?? results.map((r) => r.outputsA).join('\n'),
      b: b && !sameB ? (whole(b) ?? results.map((r) => r.outputsB!).join('\n')) : null,
      messageIds: JSON.stringify(results.map((r) => r.messageId)),
      durationMs: results[0]?.durationMs ?? 0,
    },
    results: results.filter((_, i) => findable[i]),
    done: batchEnd(batch),
    summary: JSON.stringify(summary),
  };
}

const MISSING = sideOutcome(NO_OUTPUTS, 0, 'the captured event was deleted before it was replayed');

/**
 * Shapes a batch's results for storage and adds them to the summary (mutated); `findable`: the
 * events a results filter can find (failed or dropped on a side, or changed by B).
 */
function batchResults(
  batch: PreparedBatch,
  a: { outcomes: SideOutcome[]; durationMs: number },
  b: { outcomes: SideOutcome[]; durationMs: number } | null,
  summary: ReplaySummary,
): { results: ReplayResultWrite[]; findable: boolean[] } {
  const perEvent = (a.durationMs + (b?.durationMs ?? 0)) / Math.max(1, batch.facts.length);
  const findable: boolean[] = [];
  let k = 0;
  const results = batch.rows.map((row, i) => {
    const isMissing = batch.missing.has(i);
    const sideA = isMissing ? MISSING : a.outcomes[k]!;
    const sideB = b ? (isMissing ? MISSING : b.outcomes[k]!) : null;
    if (!isMissing) k++;
    const change: ChangeKind | null = sideB ? classify(sideA, sideB) : null;
    // Equal outputs have no field changes: the walk is only done for events that changed.
    const changes = sideB && change !== 'unchanged' ? outputChanges(sideA, sideB) : [];
    addToSummary(summary, sideA, sideB, change, changes);
    const failedOrDropped = (side: SideOutcome | null) => side !== null && (side.error !== null || side.count === 0);
    findable.push(failedOrDropped(sideA) || failedOrDropped(sideB) || (change !== null && change !== 'unchanged'));
    const messageId = row.message_id ?? (isMissing ? null : (batch.facts[k - 1]!.ownMessageId ?? null));
    return {
      position: row.position,
      eventSeq: row.event_seq,
      messageId,
      outputsA: sideA.json,
      errorA: sideA.error,
      outputsB: sideB ? sideB.json : null,
      errorB: sideB ? sideB.error : null,
      change,
      paths: changes.length ? JSON.stringify(changes.map((c) => c.path)) : null,
      durationMs: Math.round(perEvent * 1000) / 1000,
    };
  });
  return { results, findable };
}
