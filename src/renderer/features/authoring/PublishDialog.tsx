import { useEffect, useMemo, useState } from 'react';
import { pinText, useLibraryPins } from '../../hooks/useLibraryPins';
import { api, ApiError } from '../../api/client';
import type { Artifact, ArtifactVersion } from '../../api/artifacts';
import { Dialog } from '../../components/Dialog';
import { importedNames } from '../../editor/code-analysis';
import { LazyMergeDiff } from '../../editor/LazyMergeDiff';
import { useTheme } from '../../hooks/useTheme';
import { formatWhen } from '../../lib/format-time';
import { benchRowOf, ErrorText } from '../test-bench';
import { useWorkspace } from '../workspace';
import { plural } from '../../lib/plural';
import { failingEvents, importedLibraryLabel, versionLabel } from './publish-plan';
import { connectPicked, PublishDestinations } from './PublishDestinations';
import { PublishCoverage } from '../confidence';
import './authoring.css';

export interface PublishDialogProps {
  artifact: Artifact;
  version: ArtifactVersion;
  versions: ArtifactVersion[];
  /** The saved test events (or a message saying why they cannot be read). */
  testInput: unknown[] | string;
  onClose: () => void;
  onPublished: () => Promise<void>;
  onJump: (line: number, column: number) => void;
}

const countExpected = (saved: { expected?: unknown[] }[]) => saved.filter((s) => s.expected !== undefined).length;

/** What will be published (versions, libraries, tests, destinations, diff with live), then the results. */
export function PublishDialog({ artifact, version, versions, testInput, onClose, onPublished, onJump }: PublishDialogProps) {
  const theme = useTheme();
  const { libraries } = useWorkspace();
  const [picked, setPicked] = useState<string[]>([]);
  const [untestedOk, setUntestedOk] = useState(false);
  const [olderOk, setOlderOk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; results?: unknown; published?: boolean }>();
  const [showIds, setShowIds] = useState(false);
  const live = versions.find((v) => v.published);
  const livePins = useLibraryPins(artifact.kind === 'library' ? artifact.id : null)?.get(artifact.id);
  const latest = versions[versions.length - 1];
  const older = latest !== undefined && version.number < latest.number;
  const [saved, setSaved] = useState<{ event: unknown; expected?: unknown[] }[]>();
  const useSaved = (saved?.length ?? 0) > 0;
  const events = useSaved ? saved!.map((s) => s.event) : Array.isArray(testInput) ? testInput : [];
  const isTransformation = artifact.kind === 'transformation';
  const imports = useMemo(() => (isTransformation ? importedNames(version.code) : []), [isTransformation, version.code]);
  useEffect(() => {
    if (!isTransformation) return;
    api.getTestEvents(artifact.id).then((r) => setSaved(r.events), () => setSaved([]));
  }, [artifact.id, isTransformation]);
  const label = (v: ArtifactVersion) => versionLabel(v, formatWhen);
  const blocked = (typeof testInput === 'string' && !useSaved) || (isTransformation && saved === undefined) || (isTransformation && events.length === 0 && !untestedOk) || (older && !olderOk);

  const publish = async () => {
    if (typeof testInput === 'string' && !useSaved) return;
    setBusy(true);
    setFailure(undefined);
    try {
      // Without test input the server runs the saved test events (and checks their expected outputs).
      const entry: { versionId: string; testInput?: unknown[] } = useSaved ? { versionId: version.versionId } : { versionId: version.versionId, testInput: events };
      await api.publish(isTransformation ? { transformations: [entry] } : { libraries: [{ versionId: version.versionId }] });
      if (isTransformation) {
        const refused = await connectPicked(artifact.id, picked).then(() => undefined, (e: unknown) => (e as Error).message);
        if (refused) {
          await onPublished();
          setFailure({ message: `v${version.number} is live, but connecting the destinations failed: ${refused}`, published: true });
          return;
        }
      }
      await onPublished();
      onClose();
    } catch (e) {
      setFailure({ message: e instanceof ApiError ? e.message : String(e), results: e instanceof ApiError ? (e.body as { results?: unknown } | undefined)?.results : undefined });
    } finally {
      setBusy(false);
    }
  };
  const failures = failure ? failingEvents(failure.results, events) : [];
  // A saved test's position is not the bench's row: say both, so "saved test event 3" is found as the bench's #1.
  const bench = Array.isArray(testInput) ? testInput : [];
  const benchRow = (input: unknown) => benchRowOf(bench, input);
  return (
    <Dialog
      title={`Publish “${artifact.name}” v${version.number}`}
      onClose={onClose}
      wide
      testId="publish-dialog"
      actions={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <button type="button" onClick={() => void publish()} disabled={busy || blocked}>{busy ? 'Testing and publishing…' : failure ? 'Try again' : 'Test and publish'}</button>
        </>
      }
    >
      <dl className="publish-plan">
        <dt>Version</dt>
        <dd>
          {label(version)}{' '}
          <button type="button" className="link" onClick={() => setShowIds(!showIds)}>{showIds ? 'Hide id' : 'Show id'}</button>
          {showIds && <code> {version.versionId}</code>}
        </dd>
        <dt>Live now</dt>
        <dd>{live ? label(live) : livePins?.length ? `Not published itself; live as ${livePins.map(pinText).join(', ')}` : 'Nothing published yet'}</dd>
        {isTransformation && (
          <>
            <dt>Libraries it imports</dt>
            <dd>
              {imports.length === 0
                ? 'None'
                : imports.map((name) => importedLibraryLabel(name, libraries ?? [])).join(', ')}
            </dd>
            <dt>Tested with</dt>
            <dd data-testid="publish-tests">
              {saved === undefined ? (
                'Loading the saved test events…'
              ) : useSaved ? (
                `${events.length} saved test event${events.length === 1 ? '' : 's'}${countExpected(saved) > 0 ? `, ${countExpected(saved)} with expected outputs` : ''} (run on the server before publishing)`
              ) : typeof testInput === 'string' ? (
                <span className="error">{testInput}</span>
              ) : events.length > 0 ? (
                `${events.length} test event${events.length === 1 ? '' : 's'} from the test bench (none saved for this transformation; run on the server before publishing)`
              ) : (
                <label className="warning">
                  <input type="checkbox" checked={untestedOk} onChange={(e) => setUntestedOk(e.target.checked)} /> No saved test events: this version would be
                  published untested. Publish it anyway?
                </label>
              )}
            </dd>
            {useSaved && (
              <>
                <dt>Coverage</dt>
                <dd>
                  <PublishCoverage transformationId={artifact.id} name={artifact.name} code={version.code} onJump={(line, column) => { onClose(); onJump(line, column); }} />
                </dd>
              </>
            )}
            <dt>Destinations that will run it</dt>
            <dd><PublishDestinations transformationId={artifact.id} picked={picked} onPick={setPicked} /></dd>
          </>
        )}
      </dl>
      {older && (
        <label className="notice warning" data-testid="older-version">
          <input type="checkbox" checked={olderOk} onChange={(e) => setOlderOk(e.target.checked)} /> v{version.number} is older than the latest version (v{latest!.number}).
          Publish the older version anyway?
        </label>
      )}
      {live && live.versionId !== version.versionId && (
        <details open>
          <summary>Changes against the live version (v{live.number})</summary>
          <LazyMergeDiff original={live.code} modified={version.code} theme={theme} originalLabel={`Live v${live.number}`} modifiedLabel={`v${version.number}`} />
        </details>
      )}
      {failure && (
        <section role="alert" className="publish-results" data-testid="publish-failure">
          <p>{!failure.published && <strong>Not published. </strong>}{failures.length === 0 ? failure.message : 'The server tests failed:'}</p>
          {failures.map((f, i) => (
            <div key={i}>
              <p>{f.type === 'library' ? 'Library' : 'Transformation'} “{f.name}” v{version.number}{f.error ? `: ${f.error}` : `: ${f.events.length} of ${plural(events.length, 'event')} failed`}</p>
              <ul className="failed-events">
                {f.events.map((e) => (
                  <li key={e.position} data-testid="failed-event">
                    {useSaved ? `Saved test event ${e.position}` : `Event #${e.position}`}
                    {useSaved && benchRow(e.input) !== undefined && ` (the bench’s #${benchRow(e.input)})`}
                    {e.messageId ? ` (messageId ${e.messageId})` : ''}
                    {e.errors.map((text, j) => <ErrorText key={j} text={text} moduleName={f.name} onJump={(line, column) => { onClose(); onJump(line, column); }} />)}
                    {e.input !== undefined && <details><summary>Input</summary><pre className="code-block">{JSON.stringify(e.input, null, 2)}</pre></details>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </Dialog>
  );
}
