import { useState } from 'react';
import { pageHref } from '../../hooks/routes';
import { useFailingDestinations, useWatchFailingDestinations } from '../../hooks/useFailingDestinations';

/**
 * A one-line notice when a destination starts failing (its last delivery attempt failed, as the
 * core says), with a link to its deliveries; it goes when the destination recovers. Closed, it
 * stays closed until that destination recovers and fails again.
 */
export function DestinationAlert() {
  useWatchFailingDestinations();
  const failing = useFailingDestinations();
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const shown = failing.filter((d) => !closed.has(d.id));
  // Forget closings of destinations that recovered.
  if ([...closed].some((id) => !failing.some((d) => d.id === id))) setClosed(new Set([...closed].filter((id) => failing.some((d) => d.id === id))));
  const first = shown[0];
  if (!first) return null;
  const more = shown.length - 1;
  return (
    <div className="toast toast-error" role="alert" data-testid="destination-alert">
      <span className="toast-text">
        <strong>{first.name}</strong> is failing{first.lastError ? `: ${first.lastError.split('\n')[0]}` : ''}
        {more > 0 && ` (and ${more} more)`}
      </span>
      <a href={more > 0 ? '#/destinations' : pageHref('destinations', { status: 'retrying,gave-up,failed' }, first.id)}>{more > 0 ? 'Open destinations' : 'Open deliveries'}</a>
      <button type="button" className="link" aria-label="Close" onClick={() => setClosed(new Set([...closed, ...shown.map((d) => d.id)]))}>✕</button>
    </div>
  );
}
