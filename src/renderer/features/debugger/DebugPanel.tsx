import { keyLabel, matchesKey, type KeyId } from '../../hooks/keymap';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { FrameSource, PausedView } from './PausedView';
import type { DebugSession } from './useDebugSession';

function pausedText(session: DebugSession): string {
  const paused = session.paused;
  const top = session.frames.find((f) => f.url !== 'sandbox runtime') ?? session.frames[0];
  if (!paused || !top) return 'Paused';
  const where = `${top.url}, line ${top.location.lineNumber + 1}`;
  if (paused.reason === 'exception') return `Paused on an exception at ${where}: ${(paused.data?.description ?? '').split('\n')[0]}`;
  if (paused.hitBreakpoints && paused.hitBreakpoints.length > 0) return `Paused at a breakpoint: ${where}`;
  return `Paused at ${where}`;
}

const STATUS: Record<string, string> = { starting: 'Starting the debug process…', running: 'Running…' };

type Step = 'Debugger.resume' | 'Debugger.stepOver' | 'Debugger.stepInto' | 'Debugger.stepOut';

/** A debugger command on its key (hooks/keymap.ts) and in the palette, while the run is paused. */
function useStepKey(session: DebugSession, key: KeyId, method: Step, label: string) {
  usePaletteAction(session.status === 'paused' ? { id: key, label: `Debugger: ${label}`, shortcut: keyLabel(key), matches: (e) => matchesKey(key, e), run: () => void session.command(method) } : undefined);
}

/** The debugger of the test bench: controls, where the run is, and (paused) its stack, scopes and watches. */
export function DebugPanel({ session, editorUrl, onClose }: { session: DebugSession; editorUrl: string; onClose: () => void }) {
  const { status } = session;
  const live = status === 'running' || status === 'paused' || status === 'starting';
  const paused = status === 'paused';
  useStepKey(session, 'debug-continue', 'Debugger.resume', 'continue');
  useStepKey(session, 'debug-step-over', 'Debugger.stepOver', 'step over');
  useStepKey(session, 'debug-step-into', 'Debugger.stepInto', 'step into');
  useStepKey(session, 'debug-step-out', 'Debugger.stepOut', 'step out');
  usePaletteAction(live ? { id: 'debug-stop', label: 'Debugger: stop', run: () => void session.stop() } : undefined);
  return (
    <section className="debug-panel" aria-label="Debugger">
      <div className="debug-toolbar" role="toolbar" aria-label="Debugger controls">
        <strong>Debug</strong>
        {session.eventLabel && <span className="muted small">{session.eventLabel}</span>}
        <button type="button" disabled={!paused} onClick={() => void session.command('Debugger.resume')} title={`Continue (${keyLabel('debug-continue')})`}>
          Continue
        </button>
        <button type="button" className="secondary" disabled={!paused} onClick={() => void session.command('Debugger.stepOver')} title={`Step over (${keyLabel('debug-step-over')})`}>
          Step over
        </button>
        <button type="button" className="secondary" disabled={!paused} onClick={() => void session.command('Debugger.stepInto')} title={`Step into (${keyLabel('debug-step-into')})`}>
          Step into
        </button>
        <button type="button" className="secondary" disabled={!paused} onClick={() => void session.command('Debugger.stepOut')} title={`Step out (${keyLabel('debug-step-out')})`}>
          Step out
        </button>
        <button type="button" className="secondary" disabled={status !== 'running'} onClick={() => void session.command('Debugger.pause')}>
          Pause
        </button>
        <button type="button" className="danger" disabled={!live} onClick={() => void session.stop()}>
          Stop
        </button>
        {!live && (
          <button type="button" className="link" onClick={onClose}>
            Close
          </button>
        )}
      </div>
      <p className={status === 'ended' ? 'error small' : 'small'} role="status" data-testid="debug-status">
        {paused ? pausedText(session) : status === 'done' ? 'Finished: the run’s result is below.' : status === 'ended' ? session.message : STATUS[status]}
      </p>
      {paused && (
        <>
          <FrameSource session={session} editorUrl={editorUrl} />
          <PausedView session={session} />
        </>
      )}
      {status === 'done' && session.result && (
        <div className="debug-result">
          <h4>Result ({session.result.durationMs} ms with pauses)</h4>
          <pre data-testid="debug-result">{JSON.stringify(session.result.transformedEvents, null, 2)}</pre>
          {session.result.logs.length > 0 && <pre className="muted small">{session.result.logs.join('\n')}</pre>}
        </div>
      )}
    </section>
  );
}
