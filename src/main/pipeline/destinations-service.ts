import { StudioError, notFound, conflict } from '../errors';
import type { Store } from '../store';
import { newId } from '../store/ids';
import type { Destination } from '../store/destinations-repo';
import type { DeliveryHealth } from '../store/delivery-health-repo';
import { normaliseConfig } from './destination-config';
import { maskedConfig, withStoredSecrets } from './destination-masking';
import type { PipelineService } from './pipeline-service';
import { quarantineReason } from './quarantine';
import { standingCounts } from './deliveries-query';
import { destinationHealth, type DestinationHealth } from '../../shared/destination-health';
import type { DestinationCreate, DestinationUpdate } from '../../shared/api/pipeline';

export interface DestinationView extends Destination {
  /** The connected transformation; publishedVersionNumber is the live version's number (v2), as the versions API lists it. */
  transformation: { id: string; name: string; publishedVersionId: string | null; publishedVersionNumber: number | null } | null;
  /** What the studio shows for it, computed from `delivery` (failing or retrying: its last attempt failed). */
  health: DestinationHealth;
  delivery: {
    /** Last captured event seq this destination has processed. */
    cursor: number;
    /** Events from its sources still waiting. */
    pending: number;
    state: string;
    lastError: string | null;
    lastBatchAt: string | null;
    /** The connected published version crashed sandbox processes repeatedly: the destination is paused. */
    quarantine: { versionId: string; crashes: number; reason: string; quarantinedAt: string } | null;
    /** Results per standing, as each delivery's `standing` (the card's counts). */
    standings: ReturnType<typeof standingCounts>;
  } & DeliveryHealth;
}

const invalid = (message: string) => new StudioError('validation', message);

/** Studio API for destinations: CRUD, sources, the connected transformation. */
export function createDestinationsService(store: Store, pipeline: PipelineService) {
  const view = (d: Destination): DestinationView => {
    const t = d.transformationId ? store.destinations.transformation(d.transformationId) : undefined;
    const cursor = store.deliveries.cursor(d.id) ?? 0;
    const status = pipeline.status(d.id);
    const health = store.deliveryHealth.health(d.id);
    // The worker's message is about now; else the newest failure, unless a success came after it.
    const held = t?.publishedVersionId ? store.quarantine.get(t.publishedVersionId) : undefined;
    const quarantine = held?.quarantinedAt ? { versionId: held.versionId, crashes: held.crashes, reason: quarantineReason(held.reason, held.crashes), quarantinedAt: held.quarantinedAt } : null;
    const failing = health.lastFailure && (!health.lastSuccessAt || health.lastFailure.at >= health.lastSuccessAt) ? health.lastFailure.error : null;
    const delivery = {
      cursor,
      pending: store.events.pendingFor(d.id, cursor),
      state: quarantine ? 'paused' : (status?.state ?? (d.enabled ? 'starting' : 'paused')),
      lastError: quarantine?.reason ?? status?.lastError ?? failing ?? null,
      lastBatchAt: status?.lastBatchAt ?? null,
      quarantine,
      ...health,
      standings: standingCounts(store.deliveryHealth.standingGroups(d.id)),
    };
    return {
      ...d,
      config: maskedConfig(d.kind, d.config),
      // Computed here, once: the card's badge, the navigation's count and the alert all read it.
      health: destinationHealth({ enabled: d.enabled, delivery }),
      transformation: t ? { id: t.id, name: t.name, publishedVersionId: t.publishedVersionId, publishedVersionNumber: t.publishedVersionNumber } : null,
      delivery,
    };
  };
  const mustGet = (id: string) => {
    const d = store.destinations.get(id);
    if (!d) throw notFound(`no destination with id "${id}"`);
    return d;
  };
  const checkName = (name: string, selfId?: string) => {
    const trimmed = name.trim();
    if (!trimmed) throw invalid('name must not be empty');
    const clash = store.destinations.list().find((d) => d.id !== selfId && d.name.toLowerCase() === trimmed.toLowerCase());
    if (clash) throw conflict(`a destination named "${clash.name}" already exists (names select destinations in an event's "integrations")`);
    return trimmed;
  };
  const checkSources = (ids: string[]) => {
    const known = new Set(store.sources.list().map((s) => s.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw invalid(`unknown sourceIds: ${unknown.join(', ')}`);
    return [...new Set(ids)];
  };
  const checkTransformation = (id: string) => {
    const t = store.destinations.transformation(id);
    if (!t || t.deleted) throw notFound(`no transformation with id "${id}"`);
    if (!t.publishedVersionId) throw invalid(`transformation "${t.name}" has no published version: publish it first`);
    return t.id;
  };

  return {
    list(): DestinationView[] {
      return store.destinations.list().map(view);
    },
    get(id: string): DestinationView {
      return view(mustGet(id));
    },
    create(input: DestinationCreate): DestinationView {
      const name = checkName(input.name);
      const config = normaliseConfig(input.kind, input.config);
      const sourceIds = checkSources(input.sourceIds ?? store.sources.list().map((s) => s.id));
      const transformationId = input.transformationId ? checkTransformation(input.transformationId) : null;
      const id = newId();
      store.db.transaction(() => {
        store.destinations.create({ id, name, kind: input.kind, config, enabled: input.enabled ?? true, sourceIds, transformationId });
        store.deliveries.setCursor(id, input.from === 'beginning' ? 0 : store.events.maxSeq());
      })();
      pipeline.reconcile();
      return view(mustGet(id));
    },
    update(id: string, patch: DestinationUpdate): DestinationView {
      const current = mustGet(id);
      const name = patch.name === undefined ? undefined : checkName(patch.name, id);
      const config = patch.config === undefined ? undefined : normaliseConfig(current.kind, withStoredSecrets(current.kind, patch.config, current.config));
      const sourceIds = patch.sourceIds === undefined ? undefined : checkSources(patch.sourceIds);
      const transformationId =
        patch.transformationId === undefined ? undefined : patch.transformationId === null ? null : checkTransformation(patch.transformationId);
      // Enabling a destination again resumes the quarantined version it runs (its crash count restarts).
      const resumed = patch.enabled === true && current.transformationId ? store.destinations.transformation(current.transformationId)?.publishedVersionId : null;
      store.db.transaction(() => {
        if (resumed) store.quarantine.clear(resumed);
        store.destinations.update(id, { name, config, enabled: patch.enabled });
        if (sourceIds) store.destinations.setSources(id, sourceIds);
        if (transformationId === null) store.destinations.disconnect(id);
        else if (transformationId !== undefined) store.destinations.connect([id], transformationId);
      })();
      pipeline.reconcile();
      return view(mustGet(id));
    },
    remove(id: string): void {
      mustGet(id);
      store.destinations.remove(id);
      pipeline.reconcile();
    },
    /** Queues the destination's failed events to be delivered again. */
    retryFailed(id: string): { queued: number; destination: DestinationView } {
      mustGet(id);
      const queued = store.deliveryHealth.retryFailed(id);
      pipeline.reconcile();
      return { queued, destination: view(mustGet(id)) };
    },
    connect(id: string, transformationId: string): DestinationView {
      return this.update(id, { transformationId });
    },
    disconnect(id: string): DestinationView {
      return this.update(id, { transformationId: null });
    },
  };
}
export type DestinationsService = ReturnType<typeof createDestinationsService>;
