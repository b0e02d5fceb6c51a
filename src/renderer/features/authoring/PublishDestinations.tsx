import { useEffect, useState } from 'react';
import { pipelineApi, type DestinationView } from '../../api/pipeline';

/**
 * "Destinations that will run it": the ones connected now, and a box for every other destination
 * to connect it when the version is published (a destination runs one transformation: one
 * connected to another is switched, and says so).
 */
export function PublishDestinations({ transformationId, picked, onPick }: { transformationId: string; picked: string[]; onPick: (ids: string[]) => void }) {
  const [all, setAll] = useState<DestinationView[]>();
  useEffect(() => void pipelineApi.listDestinations().then((r) => setAll(r.destinations), () => setAll([])), []);
  if (all === undefined) return <>Loading…</>;
  const connected = all.filter((d) => d.transformationId === transformationId);
  const others = all.filter((d) => d.transformationId !== transformationId);
  const toggle = (id: string, on: boolean) => onPick(on ? [...picked, id] : picked.filter((x) => x !== id));
  return (
    <div className="publish-destinations" data-testid="publish-destinations">
      <span>{connected.length === 0 ? 'None connected yet' : connected.map((d) => `${d.name}${d.enabled ? '' : ' (disabled)'}`).join(', ')}</span>
      {others.length > 0 && (
        <fieldset>
          <legend className="muted small">Also connect on publish</legend>
          {others.map((d) => (
            <label key={d.id} className="inline">
              <input type="checkbox" checked={picked.includes(d.id)} onChange={(e) => toggle(d.id, e.target.checked)} /> {d.name}
              {d.transformation && <span className="muted small"> (runs {d.transformation.name} now: it switches)</span>}
            </label>
          ))}
        </fieldset>
      )}
      {all.length === 0 && <span className="muted small"> · <a href="#/destinations?new=1">create a destination</a> to deliver captured events through it</span>}
    </div>
  );
}

/** Connects the picked destinations to the transformation (after its version is live). */
export async function connectPicked(transformationId: string, picked: string[]): Promise<void> {
  for (const id of picked) await pipelineApi.updateDestination(id, { transformationId });
}
