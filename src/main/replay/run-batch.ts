import type { ChangeKind, ReplaySummary } from '../../shared/api/replay';
import { codeInput } from '../pipeline/transform-step';
import type { EventMetadata, Sandbox, StoredEvents } from '../sandbox/types';
import type { ReplayInputRow, ReplayResultWrite } from '../store/replay-repo';
import { addToSummary, classify, errorText, NO_OUTPUTS, outputChanges, sideOutcome, type SideOutcome } from './outcome';
import type { CodeSpec } from './targets';

/** Events read per batch and sent to the sandbox in one call. */
export const BATCH_SIZE = 200;

export interface PreparedBatch {
  rows: ReplayInputRow[];
  /** The present events' JSON texts (UTF-8), sent to the sandbox as they are (not decoded here). */
  events: StoredEvents;
  /** What the metadata of each present event needs, from the stored columns. */
  facts: EventFacts[];
  /** Index of each event in `rows` (rows whose event is gone are not run). */
  missing: Set<number>;
}

interface EventFacts {
  messageId: string;
  /** The messageId the event itself carries (absent on some imported events). */
  ownMessageId?: string;
  sourceId?: string;
  receivedAt?: string;
  eventName?: string;
  eventType?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Facts of an imported event (not captured, so no stored columns): read from the event itself. */
function importedFacts(row: ReplayInputRow, json: Buffer): EventFacts {
  const event = JSON.parse(json.toString('utf8')) as Record<string, unknown>;
  // Imported events without a messageId get one from their position, so outputs map back.
  const own = str(event.messageId);
  return { messageId: own ?? `replay-${row.position}`, ownMessageId: own, receivedAt: str(event.receivedAt), eventName: str(event.event), eventType: str(event.type) };
}

/** A batch of inputs; a captured event deleted since the run was created counts as missing. */
export function prepareBatch(rows: ReplayInputRow[]): PreparedBatch {
  const json: Buffer[] = [];
  const facts: EventFacts[] = [];
  const missing = new Set<number>();
  rows.forEach((row, i) => {
    if (row.event === null) return void missing.add(i);
    json.push(row.event);
    facts.push(
      row.message_id === null
        ? importedFacts(row, row.event)
        : { messageId: row.message_id, sourceId: row.source_id ?? undefined, receivedAt: row.received_at ?? undefined, eventName: row.event_name ?? undefined, eventType: row.type ?? undefined },
    );
  });
  return { rows, events: { json }, facts, missing };
}

function metadataOf(batch: PreparedBatch, spec: CodeSpec, workspaceId: string): EventMetadata[] {
  return batch.facts.map((f) => ({
    sourceId: f.sourceId,
    sourceType: 'HTTP',
    workspaceId,
    messageId: f.messageId,
    receivedAt: f.receivedAt,
    eventName: f.eventName,
    eventType: f.eventType,
    transformationId: spec.transformationId ?? undefined,
    transformationVersionId: spec.versionId ?? undefined,
  }));
}

/** Runs one batch through one target in one sandbox call; a fatal error fails every event of it. */
export async function runSide(
  sandbox: Sandbox,
  spec: CodeSpec,
  batch: PreparedBatch,
  workspaceId: string,
): Promise<{ outcomes: SideOutcome[]; logs: string[]; durationMs: number }> {
  if (batch.facts.length === 0) return { outcomes: [], logs: [], durationMs: 0 };
  try {
    const code = { transformationId: spec.transformationId ?? '', name: spec.name, versionId: spec.cacheKey, code: spec.code, libraries: spec.libraries };
    const run = await sandbox.transformGrouped({ ...codeInput(code), events: batch.events, metadata: metadataOf(batch, spec, workspaceId) });
    return {
      outcomes: run.outputs.map((json, i) => sideOutcome(json, run.counts[i]!, run.errors[i]!.length ? errorText(run.errors[i]!.join('\n')) : null)),
      logs: run.logs,
      durationMs: run.durationMs,
    };
  } catch (error) {
    const message = errorText(error instanceof Error ? error.message : String(error));
    return { outcomes: batch.facts.map(() => sideOutcome(NO_OUTPUTS, 0, message)), logs: [], durationMs: 0 };
  }
}

const MISSING = sideOutcome(NO_OUTPUTS, 0, 'the captured event was deleted before it was replayed');

/** Shapes a batch's results for storage and adds them to the summary (mutated). */
export function batchResults(
  batch: PreparedBatch,
  a: { outcomes: SideOutcome[]; durationMs: number },
  b: { outcomes: SideOutcome[]; durationMs: number } | null,
  summary: ReplaySummary,
): ReplayResultWrite[] {
  const perEvent = (a.durationMs + (b?.durationMs ?? 0)) / Math.max(1, batch.facts.length);
  let k = 0;
  return batch.rows.map((row, i) => {
    const isMissing = batch.missing.has(i);
    const sideA = isMissing ? MISSING : a.outcomes[k]!;
    const sideB = b ? (isMissing ? MISSING : b.outcomes[k]!) : null;
    if (!isMissing) k++;
    const change: ChangeKind | null = sideB ? classify(sideA, sideB) : null;
    // Equal outputs have no field changes: the walk is only done for events that changed.
    const changes = sideB && change !== 'unchanged' ? outputChanges(sideA, sideB) : [];
    addToSummary(summary, sideA, sideB, change, changes);
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
}
