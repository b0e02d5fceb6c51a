import { useEffect, useId, useState } from 'react';
import { libraryScriptUrl, scriptName, type DebugBreakpoint, type PauseOnExceptions, type ProfileStartRequest } from '../../../shared/api/debug';
import type { Artifact } from '../../api/artifacts';
import { filledContext, type TestBenchState } from '../test-bench';
import { useReplaceEvents } from '../test-bench';
import { DebugPanel } from './DebugPanel';
import { debugStore } from './debug-store';
import { takePendingDebug } from './DebugEventButton';
import { ProfilePanel } from './ProfilePanel';
import { useDebugSession } from './useDebugSession';
import { useProfile } from './useProfile';
import { plural } from '../../lib/plural';
import { usePaletteAction } from '../../hooks/usePaletteAction';

type Source = 'bench' | 'captured';

/** Breakpoints of the transformation and of every library, as script urls and 0-based lines. */
function breakpointsFor(transformation: Artifact, libraries: Artifact[]): DebugBreakpoint[] {
  const of = (id: string, url: string) => debugStore.breakpointsOf(id).map((line) => ({ url, lineNumber: line - 1, ...debugStore.detailsOf(id, line) }));
  return [...of(transformation.id, scriptName(transformation.name)), ...libraries.flatMap((l) => (l.importName ? of(l.id, libraryScriptUrl(l.importName)) : []))];
}

/** Debug (one chosen bench event, paused at breakpoints) and Profile (many events) of the transformation on the page. */
export function useDebugRoom({ transformation, code, libraries, bench }: { transformation: Artifact; code: string; libraries: Artifact[]; bench: TestBenchState }) {
  const session = useDebugSession(transformation.id);
  const profile = useProfile();
  const [chosen, setChosen] = useState(0);
  const [pauseOn, setPauseOn] = useState<PauseOnExceptions>('none');
  const [source, setSource] = useState<Source>('bench');
  const [count, setCount] = useState(10_000);
  const [showDebug, setShowDebug] = useState(false);
  const [showProfile, setShowProfile] = useState(false);
  const replaced = useReplaceEvents(bench);
  const events = bench.parsed.ok ? bench.parsed.events : [];
  const context = filledContext(bench.context);
  const common = { code, transformationName: transformation.name, ...(Object.keys(context).length > 0 ? { context } : {}) };
  const index = Math.max(0, Math.min(chosen, events.length - 1));
  /** Debugs one event, or (`all`) every given event in one run: conditional breakpoints and logpoints per event. */
  const debug = (event: Record<string, unknown>, label: string, all?: Record<string, unknown>[]) => {
    setShowDebug(true);
    void session.start({ ...common, event, ...(all ? { events: all } : {}), breakpoints: breakpointsFor(transformation, libraries), pauseOnExceptions: pauseOn }, label);
  };
  const debugChosen = () => (chosen < 0 ? debug(events[0]!, `all ${events.length} events`, events) : debug(events[index]!, `event #${index + 1}`));
  // An event sent here from a replay row or a delivery: it becomes the bench's event, debugged at once.
  useEffect(() => {
    if (!code) return;
    const handed = takePendingDebug(transformation.id);
    if (!handed) return;
    replaced.replace([handed.event], handed.label);
    setChosen(0);
    debug(handed.event, handed.label);
  }, [transformation.id, Boolean(code)]);
  return {
    transformation, bench, replaced, session, profile, events, index, all: chosen < 0, debugChosen, setChosen, pauseOn, setPauseOn, source, setSource, count, setCount, showDebug, setShowDebug, showProfile, setShowProfile, debug,
    runProfile() {
      setShowProfile(true);
      const request: ProfileStartRequest = source === 'bench' ? { ...common, events } : { ...common, captured: { limit: count } };
      void profile.start(request);
    },
  };
}
export type DebugRoomState = ReturnType<typeof useDebugRoom>;

/**
 * In the test bench's toolbar: Debug and Profile, each beside its options (which event to debug,
 * when to pause on exceptions, which events to profile), in view rather than behind a toggle.
 */
export function DebugLaunch({ room }: { room: DebugRoomState }) {
  const { events, index, session, profile, source } = room;
  const eventSelect = useId();
  usePaletteAction(events.length > 0 ? { id: 'debug', label: `Debug ${room.all ? `all ${events.length} events` : `event #${index + 1}`} (breakpoints, debugger; statements)`, run: room.debugChosen } : undefined);
  usePaletteAction(source === 'captured' || events.length > 0 ? { id: 'profile', label: `Profile the code over ${source === 'bench' ? 'the bench’s events' : 'the newest captured events'}`, run: room.runProfile } : undefined);
  usePaletteAction({ id: 'debug-options', label: 'Debug options: which event, pause on exceptions, events to profile', run: () => document.getElementById(eventSelect)?.focus() });
  return (
    <span className="debug-launch launch-row" role="group" aria-label="Debug and profile">
      <span className="launch-part">
      <button type="button" className="secondary" disabled={events.length === 0 || session.status === 'starting'} onClick={room.debugChosen} title={`Run ${room.all ? `all ${events.length} events` : `event #${index + 1}`} under the debugger (gutter breakpoints, debugger; statements; right-click the gutter for a condition or a logpoint)`}>
        Debug
      </button>
      <select id={eventSelect} className="launch-option" value={room.all ? -1 : index} onChange={(e) => room.setChosen(Number(e.target.value))} aria-label="Event to debug" title="The event Debug runs" disabled={events.length === 0}>
        {events.length > 1 && <option value={-1}>all {events.length} events, in one run</option>}
        {events.length === 0 && <option value={0}>no event</option>}
        {events.map((event, i) => (
          <option key={i} value={i}>
            #{i + 1} {String(event.event ?? event.type ?? '')} {typeof event.userId === 'string' ? event.userId : ''}
          </option>
        ))}
      </select>
      <select className="launch-option launch-pause" value={room.pauseOn} onChange={(e) => room.setPauseOn(e.target.value as PauseOnExceptions)} aria-label="Pause on exceptions" title="When Debug pauses on an exception">
        <option value="none">no pause</option>
        <option value="uncaught">pause: uncaught</option>
        <option value="all">pause: all</option>
      </select>
      </span>
      <span className="launch-part">
      <button type="button" className="secondary" disabled={profile.state?.state === 'running' || (source === 'bench' && events.length === 0)} onClick={room.runProfile} title="Profile the code over many events">
        Profile
      </button>
      <select className="launch-option" value={source} onChange={(e) => room.setSource(e.target.value as Source)} aria-label="Events to profile" title="The events Profile runs">
        <option value="bench">{plural(events.length, 'bench event')}</option>
        <option value="captured">newest captured</option>
      </select>
      {source === 'captured' && (
        <input type="number" min={1} max={100_000} value={room.count} onChange={(e) => room.setCount(Math.max(1, Math.min(100_000, Number(e.target.value) || 1)))} aria-label="How many captured events" className="count-input" />
      )}
      </span>
    </span>
  );
}

/** The debugger and profile panels, above the bench while they have something to show. */
export function DebugPanels({ room }: { room: DebugRoomState }) {
  const { session, profile } = room;
  const debugging = room.showDebug && session.status !== 'idle';
  const profiling = room.showProfile && Boolean(profile.state || profile.error);
  if (!debugging && !profiling) return null;
  return (
    <div className="debug-room">
      {debugging && <DebugPanel session={session} editorUrl={scriptName(room.transformation.name)} onClose={() => room.setShowDebug(false)} />}
      {profiling && (
        <ProfilePanel
          run={profile}
          onOpenEvent={(event) => room.replaced.replace([event], 'a slow event of the profile')}
          onDebugEvent={room.debug}
          onClose={() => {
            room.setShowProfile(false);
            debugStore.setProfile(undefined);
            profile.clear();
          }}
        />
      )}
    </div>
  );
}
