import type { DestinationView } from '../../api/pipeline';
import { pageHref } from '../../hooks/routes';
import { runPageAction } from '../../hooks/usePaletteAction';
import './transformations.css';

/** Where a transformation is live: its connected destinations and the version they run. */
export function LiveOn({ destinations }: { destinations: DestinationView[] | undefined }) {
  if (destinations === undefined) return null;
  if (destinations.length === 0)
    return (
      <p className="muted small live-on-notice" data-testid="connect-offer">
        Not live on any destination yet.{' '}
        <button type="button" className="link" onClick={() => runPageAction('publish')}>Publish and connect a destination…</button>
      </p>
    );
  const live = destinations[0]?.transformation;
  return (
    <p className="notice live-on-notice" data-testid="live-on">
      Live on{' '}
      {destinations.map((d, i) => (
        <span key={d.id}>
          {i ? ', ' : ''}
          <a href={pageHref('destinations', {}, d.id)}>{d.name}</a>
          {!d.enabled && ' (paused)'}
        </span>
      ))}
      {live?.publishedVersionNumber && <span className="muted"> · running v{live.publishedVersionNumber}</span>}
    </p>
  );
}
