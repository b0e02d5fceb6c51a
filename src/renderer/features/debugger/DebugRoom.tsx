import { useState } from 'react';
import { libraryScriptUrl, scriptName, type DebugBreakpoint, type PauseOnExceptions, type ProfileStartRequest } from '../../../shared/api/debug';
import type { Artifact } from '../../api/artifacts';
import { filledContext, type TestBenchState } from '../test-bench/useTestBench';
import { DebugPanel } from './DebugPanel';
import { debugStore } from './debug-store';
import { ProfilePanel } from './ProfilePanel';
import { useDebugSession } from './useDebugSession';
import { useProfile } from './useProfile';

type Source = 'bench' | 'captured';

/** Breakpoints of the transformation and of every library, as script urls and 0-based lines. */
function breakpointsFor(transformation: Artifact, libraries: Artifact[]): DebugBreakpoint[] {
  const of = (id: string, url: string) => debugStore.breakpointsOf(id).map((line) => ({ url, lineNumber: line - 1 }));
  return [...of(transformation.id, scriptName(transformation.name)), ...libraries.flatMap((l) => (l.importName ? of(l.id, libraryScriptUrl(l.importName)) : []))];
}

/** Debug (one chosen bench event, paused at breakpoints) and Profile (many events) for the transformation on the page. */
export function DebugRoom({ transformation, code, libraries, bench }: { transformation: Artifact; code: string; libraries: Artifact[]; bench: TestBenchState }) {
  const session = useDebugSession(transformation.id);
  const profile = useProfile();
  const [chosen, setChosen] = useState(0);
  const [pauseOn, setPauseOn] = useState<PauseOnExceptions>('none');
  const [source, setSource] = useState<Source>('bench');
  const [count, setCount] = useState(10_000);
  const [showDebug, setShowDebug] = useState(false);
  const [showProfile, setShowProfile] = useState(false);
  const events = bench.parsed.ok ? bench.parsed.events : [];
  const context = filledContext(bench.context);
  const common = { code, transformationName: transformation.name, ...(Object.keys(context).length > 0 ? { context } : {}) };

  const debug = (event: Record<string, unknown>, label: string) => {
    setShowDebug(true);
    void session.start({ ...common, event, breakpoints: breakpointsFor(transformation, libraries), pauseOnExceptions: pauseOn }, label);
  };
  const runProfile = () => {
    setShowProfile(true);
    const request: ProfileStartRequest = source === 'bench' ? { ...common, events } : { ...common, captured: { limit: count } };
    void profile.start(request);
  };
  const index = Math.min(chosen, Math.max(0, events.length - 1));
  return (
    <div className="debug-room">
      <div className="debug-launch" role="group" aria-label="Debug and profile">
        <label>
          Event{' '}
          <select value={index} onChange={(e) => setChosen(Number(e.target.value))} aria-label="Event to debug" disabled={events.length === 0}>
            {events.map((event, i) => (
              <option key={i} value={i}>
                #{i + 1} {String(event.event ?? event.type ?? '')} {typeof event.userId === 'string' ? event.userId : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pause on exceptions{' '}
          <select value={pauseOn} onChange={(e) => setPauseOn(e.target.value as PauseOnExceptions)} aria-label="Pause on exceptions">
            <option value="none">Never</option>
            <option value="uncaught">Uncaught</option>
            <option value="all">All</option>
          </select>
        </label>
        <button type="button" disabled={events.length === 0 || session.status === 'starting'} onClick={() => debug(events[index]!, `event #${index + 1}`)} title="Run the chosen event under the debugger (gutter breakpoints, debugger; statements)">
          Debug
        </button>
        <span className="launch-gap" />
        <label>
          Profile{' '}
          <select value={source} onChange={(e) => setSource(e.target.value as Source)} aria-label="Events to profile">
            <option value="bench">the bench’s {events.length} events</option>
            <option value="captured">newest captured events</option>
          </select>
        </label>
        {source === 'captured' && (
          <input type="number" min={1} max={100_000} value={count} onChange={(e) => setCount(Math.max(1, Math.min(100_000, Number(e.target.value) || 1)))} aria-label="How many captured events" className="count-input" />
        )}
        <button type="button" className="secondary" disabled={profile.state?.state === 'running' || (source === 'bench' && events.length === 0)} onClick={runProfile}>
          Profile
        </button>
      </div>
      {showDebug && session.status !== 'idle' && <DebugPanel session={session} editorUrl={scriptName(transformation.name)} onClose={() => setShowDebug(false)} />}
      {showProfile && (profile.state || profile.error) && (
        <ProfilePanel
          run={profile}
          onOpenEvent={(event) => bench.setEvents([event])}
          onDebugEvent={debug}
          onClose={() => {
            setShowProfile(false);
            debugStore.setProfile(undefined);
            profile.clear();
          }}
        />
      )}
    </div>
  );
}
