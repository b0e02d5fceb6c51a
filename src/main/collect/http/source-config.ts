import type { Source } from '../../store/sources-repo';

/**
 * What the RudderStack JavaScript SDK (v3, and the v1.1 "v2" SDK) reads from its control plane at
 * `GET <configUrl>/sourceConfig/?writeKey=…`: the source, whether it is enabled, its config and the
 * device-mode destinations the SDK should load in the page. The local pipeline's destinations run
 * on the server (cloud mode), so there are none to load: the list is empty, and every event goes to
 * the data plane, i.e. to this instance.
 */
export function sourceConfigAnswer(source: Source, workspaceId: string) {
  return {
    isHosted: false,
    source: {
      id: source.id,
      name: source.name,
      writeKey: source.writeKey,
      enabled: source.enabled,
      workspaceId,
      sourceDefinition: { name: 'Javascript', category: null },
      config: { statsCollection: { errors: { enabled: false }, metrics: { enabled: false } } },
      destinations: [],
      updatedAt: new Date(0).toISOString(),
    },
  };
}
