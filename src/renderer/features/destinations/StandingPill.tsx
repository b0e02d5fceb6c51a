import type { DeliveryRow } from '../../api/pipeline';

/** The Status pill: the standing the core derives (retrying, gave up, delivered, …), the same as the retry line under it. */
export function StandingPill({ d }: { d: Pick<DeliveryRow, 'standing' | 'status'> }) {
  return (
    <span className={`badge status-${d.standing}`} data-testid="delivery-standing" title={d.standing === d.status ? undefined : `recorded as ${d.status}`}>
      {d.standing.replace('-', ' ')}
    </span>
  );
}
