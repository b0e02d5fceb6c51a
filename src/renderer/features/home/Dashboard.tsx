import { useEffect, useState } from 'react';
import { pinText, useLibraryPins } from '../../hooks/useLibraryPins';
import type { StudioInfo } from '../../api/client';
import { pipelineApi, type DestinationView, type Source } from '../../api/pipeline';
import { useWorkspace } from '../workspace';
import { CopyButton } from '../../components/CopyButton';
import { hrefFor, pageHref } from '../../hooks/routes';

/** The Destinations tile's deliveries, counted by standing as on the destination card: [standing, word, shown at 0, an error]. */
const STANDING_COUNTS = [['delivered', 'delivered', true, false], ['retrying', 'retrying', false, false], ['gave-up', 'gave up', false, true], ['failed', 'failed', true, true]] as const;

interface Numbers {
  sources: (Source & { hour: number; day: number; hourFrom: string; dayFrom: string })[];
  destinations: DestinationView[];
}

async function loadNumbers(): Promise<Numbers> {
  const now = Date.now();
  const hourFrom = new Date(now - 3_600_000).toISOString();
  const dayFrom = new Date(now - 86_400_000).toISOString();
  const [s, d] = await Promise.all([pipelineApi.listSources(), pipelineApi.listDestinations()]);
  const sources = await Promise.all(
    s.sources.map(async (source) => {
      const [hour, day] = await Promise.all([pipelineApi.countEvents({ sourceId: source.id, from: hourFrom }), pipelineApi.countEvents({ sourceId: source.id, from: dayFrom })]);
      return { ...source, hour: hour.total, day: day.total, hourFrom, dayFrom };
    }),
  );
  return { sources, destinations: d.destinations };
}

/**
 * The data plane at a glance; every number links to the page that shows it. Transformations and
 * libraries are the workspace's lists (loaded once for every page, not a second time here), reloaded
 * with the other numbers every 5 s.
 */
export function Dashboard({ info }: { info: StudioInfo }) {
  const { transformations, libraries, error: listError, refresh } = useWorkspace();
  const [numbers, setNumbers] = useState<Numbers>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let stop = false;
    const tick = () => loadNumbers().then((n) => !stop && setNumbers(n), (e: Error) => !stop && setError(e.message));
    void tick();
    const timer = setInterval(() => void Promise.all([tick(), refresh()]), 5000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [refresh]);
  const unpublishedLibraries = libraries?.filter((l) => l.versionId !== l.publishedVersionId);
  // Pins are shown only beside unpublished libraries: asked only when there is one.
  const pins = useLibraryPins(unpublishedLibraries?.length ? unpublishedLibraries.length : null);
  if (error ?? listError) return <p className="error">{error ?? listError}</p>;
  if (!numbers || !transformations || !unpublishedLibraries) return <p className="muted">Loading the dashboard…</p>;
  const key = numbers.sources[0]?.writeKey;
  const live = new Map<string, { t: DestinationView['transformation']; on: DestinationView[] }>();
  for (const d of numbers.destinations) if (d.transformation) live.set(d.transformation.id, { t: d.transformation, on: [...(live.get(d.transformation.id)?.on ?? []), d] });
  const unpublished = [
    ...transformations.filter((t) => t.versionId !== t.publishedVersionId).map((t) => ({ id: t.id, name: t.name, kind: 'transformation' as const, never: !t.publishedVersionId })),
    ...unpublishedLibraries.map((l) => ({ id: l.id, name: l.name, kind: 'library' as const, never: !l.publishedVersionId, pinned: pins?.get(l.id)?.map(pinText) })),
  ];
  return (
    <div className="dashboard" data-testid="dashboard">
      <div className="tile tile-wide">
        <h3>Send events</h3>
        <dl className="facts">
          <dt>Event URL</dt>
          <dd><code data-testid="overview-event-url">{info.baseUrl}</code> <CopyButton text={info.baseUrl} label="Copy URL" /></dd>
          <dt>Default write key</dt>
          <dd>{key ? <><code data-testid="overview-write-key">{key}</code> <CopyButton text={key} label="Copy key" /></> : <a href="#/sources">Create a source</a>}</dd>
        </dl>
      </div>
      <div className="tile">
        <h3>Events captured</h3>
        <table className="mini-table">
          <thead><tr><th>Source</th><th>Last hour</th><th>Last day</th></tr></thead>
          <tbody>
            {numbers.sources.map((s) => (
              <tr key={s.id}>
                <td><a href="#/sources">{s.name}</a></td>
                <td><a href={pageHref('events', { sourceId: s.id, from: s.hourFrom })}>{s.hour.toLocaleString()}</a></td>
                <td><a href={pageHref('events', { sourceId: s.id, from: s.dayFrom })}>{s.day.toLocaleString()}</a></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="tile">
        <h3>Destinations</h3>
        {numbers.destinations.length === 0 ? <p className="muted">None yet. <a href="#/destinations">Add one</a></p> : (
          <table className="mini-table">
            <thead><tr><th>Destination</th><th>State</th><th>Deliveries</th></tr></thead>
            <tbody>
              {numbers.destinations.map((d) => (
                <tr key={d.id} data-testid="dashboard-destination">
                  <td><a href={pageHref('destinations', {}, d.id)}>{d.name}</a></td>
                  <td className={d.health === 'failing' ? 'error' : ''} data-testid="dashboard-health">{d.health}</td>
                  <td className="standing-counts">
                    {STANDING_COUNTS.filter(([standing, , always]) => always || d.delivery.standings[standing] > 0).map(([standing, word, , error], i) => {
                      const n = d.delivery.standings[standing]; // by each delivery's standing, derived by the core (as on the card and the Status pill)
                      return <span key={standing}>{i ? ' · ' : ''}<a className={error && n ? 'error' : ''} href={pageHref('destinations', { status: standing }, d.id)}>{n.toLocaleString()} {word}</a></span>;
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className="tile">
        <h3>Transformations live on destinations</h3>
        {live.size === 0 ? <p className="muted">No destination runs a transformation.</p> : (
          <ul className="plain-list">
            {[...live.values()].map(({ t, on }) => (
              <li key={t!.id}><a href={hrefFor('transformation', t!.id)}>{t!.name}</a> on {on.map((d, i) => <span key={d.id}>{i ? ', ' : ''}<a href={pageHref('destinations', {}, d.id)}>{d.name}</a></span>)}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="tile">
        <h3>Unpublished changes</h3>
        {unpublished.length === 0 ? <p className="muted">Everything saved is published.</p> : (
          <ul className="plain-list">
            {unpublished.map((u) => <li key={u.id}><a href={hrefFor(u.kind, u.id)}>{u.name}</a> <span className="muted">({u.kind}, {'pinned' in u && u.pinned?.length ? `live as ${u.pinned.join(', ')}` : u.never ? 'never published' : 'newer version than the published one'})</span></li>)}
          </ul>
        )}
      </div>
    </div>
  );
}
