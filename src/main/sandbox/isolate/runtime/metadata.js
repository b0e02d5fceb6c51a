// @ts-check
/* exported createMetadata */
// metadata(event) for user code, and the input index of an event user code hands back.

/**
 * Fields of `metadata(event)`, in the hosted wrapper's order (`return { sourceId:
 * eventMetadata.sourceId, sourceName: …, workspaceId: …, … transformationVersionId: … }`): every
 * key is present, those the local pipeline has no value for (jobId, trackingPlanId, …) are
 * undefined, as they are hosted for events that lack them; the event's other metadata is not
 * shown. One literal, so every metadata(event) object has the same shape.
 * @param {any} m
 */
const metadataObject = (m) => ({
  sourceId: m.sourceId, sourceName: m.sourceName, workspaceId: m.workspaceId, sourceType: m.sourceType,
  sourceCategory: m.sourceCategory, destinationId: m.destinationId, destinationType: m.destinationType,
  destinationName: m.destinationName, namespace: m.namespace, originalSourceId: m.originalSourceId,
  trackingPlanId: m.trackingPlanId, trackingPlanVersion: m.trackingPlanVersion, sourceTpConfig: m.sourceTpConfig,
  mergedTpConfig: m.mergedTpConfig, jobId: m.jobId, sourceJobId: m.sourceJobId, sourceJobRunId: m.sourceJobRunId,
  sourceTaskRunId: m.sourceTaskRunId, recordId: m.recordId, messageId: m.messageId, messageIds: m.messageIds,
  rudderId: m.rudderId, receivedAt: m.receivedAt, eventName: m.eventName, eventType: m.eventType,
  sourceDefinitionId: m.sourceDefinitionId, destinationDefinitionId: m.destinationDefinitionId,
  transformationId: m.transformationId, transformationVersionId: m.transformationVersionId,
});

/**
 * The metadata of a batch's events: what the caller gave (`given[i]`) over what the event says
 * of itself, read from the events as they came in, before user code can change them.
 * @param {ReturnType<typeof captureIntrinsics>} I
 * @param {any[]} events
 * @param {unknown} given
 */
function createMetadata(I, events, given) {
  const list = I.isArray(given) ? given : null;
  const n = events.length;
  // messageId → index (last one wins); events without one by identity.
  const byMessageId = new I.Map();
  const byIdentity = new I.Map();
  const base = new I.Array(n);
  for (let i = 0; i < n; i++) {
    const event = events[i];
    /** @type {Record<string, string>} */
    const m = {};
    if (typeof event.messageId === 'string') m.messageId = event.messageId;
    if (typeof event.type === 'string') m.eventType = event.type;
    if (typeof event.event === 'string') m.eventName = event.event;
    if (typeof event.rudderId === 'string') m.rudderId = event.rudderId;
    if (typeof event.receivedAt === 'string') m.receivedAt = event.receivedAt;
    base[i] = m;
    const id = event.messageId;
    if (typeof id === 'string' && id !== '') I.mapSet(byMessageId, id, i);
    else I.mapSet(byIdentity, event, i);
  }
  /** @param {any} event @returns {number} */
  const indexOf = (event) => {
    if (event === null || typeof event !== 'object') return -1;
    const id = event.messageId;
    const i = typeof id === 'string' && id !== '' ? I.mapGet(byMessageId, id) : I.mapGet(byIdentity, event);
    return i === undefined ? -1 : i;
  };
  const merged = new I.Array(n);
  /** @param {number} i */
  const metadataAt = (i) => {
    if (i < 0) return undefined;
    let m = merged[i];
    if (m === undefined) {
      const extra = list && list[i] && typeof list[i] === 'object' ? list[i] : null;
      m = merged[i] = extra ? I.assign({}, base[i], extra) : base[i];
    }
    return m;
  };
  const none = I.freeze(I.create(null));
  /** @param {unknown} event */
  const metadata = function metadata(event) {
    const m = event === undefined || event === null ? undefined : metadataAt(indexOf(event));
    return metadataObject(m || none);
  };
  return { indexOf, metadata };
}
