import type { DeliveryResultRow, StoredAttempt } from '../store/deliveries-repo';

/** What a result row keeps of its input event (a captured event, or an imported one: seq null). */
export interface ResultInput {
  seq: number | null;
  sourceId: string | null;
  messageId: string | null;
  type: string | null;
  eventName: string | null;
}
import type { SinkOutcome } from './sinks';
import type { TransformStepResult } from './transform-step';

/** Every output of a batch in input order, with the index of the input it came from (-1: none). */
export function flattenOutputs(transformed: TransformStepResult): { flat: Record<string, unknown>[]; owner: number[] } {
  const flat: Record<string, unknown>[] = [];
  const owner: number[] = [];
  transformed.perEvent.forEach((outcome, k) => {
    for (const output of outcome.outputs) {
      flat.push(output);
      owner.push(k);
    }
  });
  for (const output of transformed.orphans) {
    flat.push(output);
    owner.push(-1);
  }
  return { flat, owner };
}

/**
 * One result row per input event of a batch (filtered by `integrations`, delivered, dropped or
 * failed with the transformation's and the sink's errors), plus one for outputs that belong to no
 * input; ordered by event.
 */
export function deliveryResults(
  rows: ResultInput[],
  allowed: number[],
  transformed: TransformStepResult,
  sent: { owner: number[]; outcomes: SinkOutcome[] },
): (DeliveryResultRow & { retryable?: boolean })[] {
  const results: (DeliveryResultRow & { retryable?: boolean })[] = [];
  const base = (row: ResultInput) => ({ eventSeq: row.seq, sourceId: row.sourceId, messageId: row.messageId, eventType: row.type, eventName: row.eventName });
  const filtered = new Set(rows.map((_, i) => i));
  allowed.forEach((i) => filtered.delete(i));
  for (const i of filtered) {
    results.push({ ...base(rows[i]!), status: 'filtered', output: null, error: 'disabled by the event\'s "integrations" field', attempts: 0 });
  }
  const collect = (k: number) => {
    const errors: string[] = [];
    const attemptLog: StoredAttempt[] = [];
    let attempts = 0;
    let retryable = true;
    let outputIndex = 0;
    sent.owner.forEach((owner, j) => {
      if (owner !== k) return;
      const o = sent.outcomes[j]!;
      attempts = Math.max(attempts, o.attempts);
      for (const a of o.log ?? []) attemptLog.push({ outputIndex, ...a });
      outputIndex++;
      if (!o.ok) {
        errors.push(o.error ?? 'delivery failed');
        if (!o.retry) retryable = false;
      }
    });
    return { errors, attempts, attemptLog, retryable: retryable && errors.length > 0 };
  };
  transformed.perEvent.forEach((outcome, k) => {
    const row = rows[allowed[k]!]!;
    const delivered = collect(k);
    const errors = [...outcome.errors, ...delivered.errors];
    const status = errors.length ? 'failed' : outcome.outputs.length ? 'delivered' : 'dropped';
    results.push({
      ...base(row),
      status,
      output: outcome.outputs.length ? JSON.stringify(outcome.outputs) : null,
      error: errors.length ? errors.join('\n') : null,
      attempts: delivered.attempts,
      logs: transformed.eventLogs[k] ?? [],
      attemptLog: delivered.attemptLog,
      // Only a delivery failure that may pass is tried again; the transformation's errors stay.
      retryable: outcome.errors.length === 0 && delivered.retryable,
    });
  });
  if (transformed.orphans.length) {
    const delivered = collect(-1);
    results.push({
      eventSeq: null,
      sourceId: null,
      messageId: null,
      eventType: null,
      status: delivered.errors.length ? 'failed' : 'delivered',
      output: JSON.stringify(transformed.orphans),
      error: delivered.errors.length ? delivered.errors.join('\n') : null,
      attempts: delivered.attempts,
      attemptLog: delivered.attemptLog,
    });
  }
  return results.sort((a, b) => (a.eventSeq ?? Infinity) - (b.eventSeq ?? Infinity));
}
