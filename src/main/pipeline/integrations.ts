import type { DestinationKind } from '../store/destinations-repo';

const KIND_NAMES: Record<DestinationKind, string[]> = {
  capture: ['capture'],
  webhook: ['webhook'],
  file: ['file'],
  'data-plane': ['data-plane', 'data plane', 'dataplane', 'rudderstack'],
};

const switchOf = (value: unknown): boolean | undefined => {
  if (value === undefined || value === null) return undefined;
  // The hosted service treats `false` as off; true and per-destination option objects as on.
  return value !== false;
};

/**
 * Whether an event's `integrations` field lets it reach a destination: a switch under the
 * destination's name wins, then one under its kind (case-insensitive), else `All` (default on).
 */
export function integrationsAllow(integrations: unknown, destination: { name: string; kind: DestinationKind }): boolean {
  if (typeof integrations !== 'object' || integrations === null || Array.isArray(integrations)) return true;
  const map = integrations as Record<string, unknown>;
  const byName = switchOf(map[destination.name]);
  if (byName !== undefined) return byName;
  const kinds = KIND_NAMES[destination.kind];
  for (const [key, value] of Object.entries(map)) {
    if (key !== 'All' && kinds.includes(key.toLowerCase())) {
      const byKind = switchOf(value);
      if (byKind !== undefined) return byKind;
    }
  }
  return switchOf(map.All) ?? true;
}
