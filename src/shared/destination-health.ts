/** The one health a destination shows (card badge, palette, anywhere): what it will do next. */
export type DestinationHealth = 'paused' | 'failing' | 'retrying' | 'delivering' | 'up to date';

interface HealthInput {
  enabled: boolean;
  delivery: {
    state: string;
    pending: number;
    lastError: string | null;
    retrying: number;
    quarantine: unknown;
  };
}

/**
 * paused: disabled, or held by the studio (quarantine); retrying: failed events wait for their next
 * attempt; failing: the last thing that happened was a failure and nothing is scheduled to fix it
 * (the worker waits, or events were given up); delivering: events wait in its queue; else up to date.
 */
export function destinationHealth(d: HealthInput): DestinationHealth {
  if (!d.enabled || d.delivery.quarantine || d.delivery.state === 'paused') return 'paused';
  if (d.delivery.retrying > 0) return 'retrying';
  if (d.delivery.lastError) return 'failing';
  if (d.delivery.pending > 0 || d.delivery.state === 'running' || d.delivery.state === 'starting') return 'delivering';
  return 'up to date';
}

export const HEALTH_CLASS: Record<DestinationHealth, string> = {
  paused: '',
  failing: 'badge-error',
  retrying: 'badge-draft',
  delivering: '',
  'up to date': 'badge-published',
};
