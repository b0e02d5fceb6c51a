import { DeliveriesQuery } from '../../shared/api/pipeline';
import { isoBound, parseSeq } from '../collect/events-service';
import { StudioError } from '../errors';
import type { Store } from '../store';
import type { DeliveryStatus, StandingGroup, StoredDelivery } from '../store/deliveries-repo';

const STATUSES: DeliveryStatus[] = ['delivered', 'failed', 'dropped', 'filtered'];

/**
 * Where a failed delivery stands with its retries, derived from its attempts: retrying (attempts
 * so far of the maximum, the next one due then) or given up; null when it is not retried
 * (delivered, dropped, a failure that will not pass) unless "Retry now" made it due.
 */
export function retryOf(d: Pick<StoredDelivery, 'status' | 'attempts' | 'nextAttemptAt' | 'retryFailures' | 'retryMax'>) {
  if (d.status !== 'failed') return null;
  if (d.retryFailures === null) return d.nextAttemptAt ? { state: 'retrying' as const, attempts: d.attempts, maxAttempts: null, nextAttemptAt: d.nextAttemptAt } : null;
  if (d.nextAttemptAt) return { state: 'retrying' as const, attempts: d.retryFailures, maxAttempts: d.retryMax, nextAttemptAt: d.nextAttemptAt };
  return { state: 'gave-up' as const, attempts: d.retryFailures, maxAttempts: d.retryMax, nextAttemptAt: null };
}

/**
 * A delivery's one standing, the word its Status pill shows: delivered, dropped or filtered as
 * recorded; a failure by where its retries stand (retrying, gave up), else failed (not retried).
 */
export function standingOf(d: Pick<StoredDelivery, 'status'>, retry: ReturnType<typeof retryOf>) {
  return retry ? retry.state : d.status;
}

export type Standing = ReturnType<typeof standingOf>;
export const STANDINGS: Standing[] = ['delivered', 'retrying', 'gave-up', 'failed', 'dropped', 'filtered'];

/** The standing of every row of a group (its status, whether its retries are counted, whether one is due), by standingOf. */
function groupStanding(g: StandingGroup): Standing {
  // Only whether these are set matters to retryOf: the group stands for each of its rows.
  const d = { status: g.status, attempts: 0, nextAttemptAt: g.due ? 'due' : null, retryFailures: g.counted ? 0 : null, retryMax: null };
  return standingOf(d, retryOf(d));
}

/** How many deliveries stand where (the destination card's and the Dashboard's counts), each group's standing derived by standingOf. */
export function standingCounts(groups: (StandingGroup & { n: number })[]) {
  const counts = { delivered: 0, retrying: 0, 'gave-up': 0, failed: 0, dropped: 0, filtered: 0 };
  for (const g of groups) counts[groupStanding(g)] += g.n;
  return counts;
}

/** The groups whose rows stand as one of `standings` (the deliveries filter), found by standingOf over every group there can be. */
export function groupsStanding(standings: Standing[]): StandingGroup[] {
  const all = STATUSES.flatMap((status) => [false, true].flatMap((counted) => [false, true].map((due) => ({ status, counted, due }))));
  return all.filter((g) => standings.includes(groupStanding(g)));
}

/** A comma-separated list checked against the allowed words (a 400 naming the first unknown one). */
function wordList<T extends string>(text: string | undefined, allowed: readonly T[], name: string): T[] | undefined {
  const words = text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = words?.find((s) => !allowed.includes(s as T));
  if (unknown) throw new StudioError('validation', `${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(unknown)}`);
  return words as T[] | undefined;
}

const present = (d: StoredDelivery) => {
  const retry = retryOf(d);
  return {
    id: String(d.id),
    destinationId: d.destinationId,
    eventId: d.eventSeq === null ? null : String(d.eventSeq),
    sourceId: d.sourceId,
    messageId: d.messageId,
    eventType: d.eventType,
    eventName: d.eventName,
    status: d.status,
    standing: standingOf(d, retry),
    output: d.output as Record<string, unknown>[] | null,
    error: d.error,
    logs: d.logs,
    batchLogs: d.batchLogs,
    attempts: d.attempts,
    statusCode: d.statusCode,
    latencyMs: d.latencyMs,
    nextAttemptAt: d.nextAttemptAt,
    retry,
    attemptLog: d.attemptLog,
    transformationId: d.transformationId,
    transformationVersionId: d.transformationVersionId,
    sendId: d.sendId,
    createdAt: d.createdAt,
  };
};

/** Delivery results newest first, filtered and paged as the deliveries endpoint asks. */
export function listDeliveries(deliveries: Store['deliveries'], q: DeliveriesQuery) {
  const status = wordList(q.status, STATUSES, 'status');
  const standing = wordList(q.standing, STANDINGS, 'standing');
  const limit = q.limit ?? 50;
  const rows = deliveries.list(
    {
      destinationId: q.destinationId,
      status,
      standing: standing && groupsStanding(standing),
      messageId: q.messageId,
      eventSeq: q.eventId === undefined ? undefined : parseSeq(q.eventId, 'eventId'),
      sourceId: q.sourceId,
      eventName: q.eventName?.trim() || undefined,
      from: isoBound(q.from, 'from'),
      to: isoBound(q.to, 'to'),
    },
    limit + 1,
    q.cursor ? parseSeq(q.cursor, 'cursor') : undefined,
  );
  const page = rows.slice(0, limit);
  return { deliveries: page.map(present), next: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/** Delivery results for the studio API: pages of results, and a listener for new ones. */
export function createDeliveriesService(deliveries: Store['deliveries']) {
  return {
      list: (q: DeliveriesQuery) => listDeliveries(deliveries, q),
      /** Calls `listener` with the destination each time results are recorded; returns the unsubscribe. */
      onRecorded: (listener: (destinationId: string) => void): (() => void) => deliveries.onRecorded(listener),
  };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
