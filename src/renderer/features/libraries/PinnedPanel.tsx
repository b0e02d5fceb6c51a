import type { LibraryPin } from '../../../shared/api/versions';
import { hrefFor } from '../../hooks/routes';
import { EmptyState } from '../../components/EmptyState';

/** Which versions of this library run live, and in which live transformation versions. */
export function PinnedPanel({ pins, publishedNumber }: { pins: LibraryPin[] | undefined; publishedNumber: number | undefined }) {
  if (!pins) return <p className="muted">Loading…</p>;
  if (pins.length === 0) {
    return (
      <EmptyState title="Not live anywhere">
        No published transformation runs this library{publishedNumber ? ` (v${publishedNumber} is published, for transformations published later)` : ''}.
      </EmptyState>
    );
  }
  const versions = [...new Set(pins.map((p) => p.libraryVersionNumber))];
  return (
    <div data-testid="library-pins">
      <p className="small">
        Live as {versions.map((v) => `v${v}`).join(', ')}: the published transformation versions below run {versions.length === 1 ? 'it' : 'these versions'} (pinned when they were published).
      </p>
      <ul className="pin-list">
        {pins.map((p) => (
          <li key={`${p.libraryVersionId}:${p.transformationVersionId}`} data-testid="library-pin">
            <strong>v{p.libraryVersionNumber}</strong> ← <a href={hrefFor('transformation', p.transformationId)}>{p.transformationName}</a> v{p.transformationVersionNumber} (live)
          </li>
        ))}
      </ul>
    </div>
  );
}
