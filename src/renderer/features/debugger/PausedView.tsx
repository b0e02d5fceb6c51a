import { useEffect, useState, type ReactNode } from 'react';
import { debugApi } from '../../api/debug';
import { LazyCodeEditor } from '../../editor/LazyCodeEditor';
import { useTheme } from '../../hooks/useTheme';
import { RUNTIME_URL } from './cdp-types';
import type { DebugSession, WatchValue } from './useDebugSession';
import { ValueRow } from './ValueTree';

/** A watch or an evaluation: its value, the error it threw, or … while it is evaluated. */
function Outcome({ sessionId, value }: { sessionId: string; value: WatchValue }) {
  if (value.error) {
    return (
      <span className="value-row">
        <span className="value-name">{value.expression}</span>
        <span className="error small">{value.error}</span>
      </span>
    );
  }
  if (!value.value) {
    // Not answered yet for the pause shown (a value always comes as an object, `undefined` too).
    return (
      <span className="value-row" data-testid="value-row" data-name={value.expression}>
        <span className="tree-toggle" />
        <span className="value-name">{value.expression}</span>
        <span className="muted small">…</span>
      </span>
    );
  }
  return <ValueRow key={value.value.objectId ?? String(value.value.value)} sessionId={sessionId} name={value.expression} value={value.value} />;
}

/** A section of the paused view: a heading, a tree of values, and its input box when it has one. */
function ValueSection({ label, title, form, children }: { label: string; title: string; form?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label} className="debug-section">
      <h4>{title}</h4>
      <ul className="value-tree">{children}</ul>
      {form}
    </section>
  );
}

const SCOPE_NAMES: Record<string, string> = { local: 'Local', closure: 'Closure', module: 'Module', block: 'Block', catch: 'Catch', script: 'Script', global: 'Global' };

/** Call stack, scopes, watches and the evaluate box of a paused session. */
export function PausedView({ session }: { session: DebugSession }) {
  const [showRuntime, setShowRuntime] = useState(false);
  const [watch, setWatch] = useState('');
  const [expression, setExpression] = useState('');
  const id = session.sessionId!;
  const frame = session.frames[session.selected];
  const hidden = session.frames.filter((f) => f.url === RUNTIME_URL).length;
  return (
    <div className="debug-paused">
      <section aria-label="Call stack" className="debug-section">
        <h4>
          Call stack{' '}
          {hidden > 0 && (
            <button type="button" className="link small" onClick={() => setShowRuntime(!showRuntime)}>
              {showRuntime ? 'Hide' : 'Show'} {hidden} runtime frame{hidden === 1 ? '' : 's'}
            </button>
          )}
        </h4>
        <ol className="call-stack">
          {session.frames.map((f, i) =>
            f.url === RUNTIME_URL && !showRuntime ? null : (
              <li key={f.callFrameId}>
                <button type="button" className={`link frame ${i === session.selected ? 'selected' : ''}`} aria-current={i === session.selected} onClick={() => session.select(i)}>
                  {f.functionName || '(anonymous)'} <span className="muted">{f.url}:{f.location.lineNumber + 1}</span>
                </button>
              </li>
            ),
          )}
        </ol>
      </section>
      <ValueSection label="Scopes" title="Scopes">
        {frame?.scopeChain.map((scope, i) => (
          <li key={`${frame.callFrameId}:${i}`}>
            <ValueRow sessionId={id} name={SCOPE_NAMES[scope.type] ?? scope.type} value={{ ...scope.object, description: scope.name ?? '' }} initiallyOpen={scope.type === 'local'} />
          </li>
        ))}
      </ValueSection>
      <ValueSection
        label="Watch"
        title="Watch"
        form={
          <form onSubmit={(e) => { e.preventDefault(); session.addWatch(watch); setWatch(''); }}>
            <input aria-label="Add a watch expression" placeholder="Add watch expression" value={watch} onChange={(e) => setWatch(e.target.value)} />
          </form>
        }
      >
        {session.watches.map((w) => (
          <li key={w.expression} data-testid="watch">
            <Outcome sessionId={id} value={w} />
            <button type="button" className="link small" aria-label={`Remove watch ${w.expression}`} onClick={() => session.removeWatch(w.expression)}>✕</button>
          </li>
        ))}
      </ValueSection>
      <ValueSection
        label="Evaluate"
        title="Evaluate in the paused frame"
        form={
          <form onSubmit={(e) => { e.preventDefault(); if (expression.trim()) void session.evaluate(expression); setExpression(''); }}>
            <input aria-label="Evaluate an expression" placeholder="Expression, then Enter" value={expression} onChange={(e) => setExpression(e.target.value)} />
          </form>
        }
      >
        {session.evaluations.map((w, i) => (
          <li key={i} data-testid="evaluation">
            <Outcome sessionId={id} value={w} />
          </li>
        ))}
      </ValueSection>
    </div>
  );
}

/** The source of the selected frame when it is not the editor's (a library): read-only, the paused line marked. */
export function FrameSource({ session, editorUrl }: { session: DebugSession; editorUrl: string }) {
  const theme = useTheme();
  const frame = session.frames[session.selected];
  const [source, setSource] = useState<{ scriptId: string; text: string }>();
  const scriptId = frame && frame.url !== editorUrl ? frame.location.scriptId : undefined;
  useEffect(() => {
    if (!scriptId || !session.sessionId || source?.scriptId === scriptId) return;
    void debugApi.command<{ scriptSource: string }>(session.sessionId, 'Debugger.getScriptSource', { scriptId }).then((answer) => setSource({ scriptId, text: answer.scriptSource }));
  }, [scriptId, session.sessionId, source?.scriptId]);
  if (!frame || !scriptId || source?.scriptId !== scriptId) return null;
  return (
    <section aria-label={`Source of ${frame.url}`} className="debug-source">
      <h4>{frame.url}</h4>
      <LazyCodeEditor value={source.text} language="javascript" theme={theme} label={`Source of ${frame.url}`} readOnly debug={{ currentLine: frame.location.lineNumber + 1 }} className="frame-source" testId="frame-source" />
    </section>
  );
}
