import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { userStorage } from '../../lib/core-storage';
import type { LibraryCallResponse } from '../../api/types';
import { EmptyState } from '../../components/EmptyState';
import { moduleExports } from '../../editor/library-exports';
import { AlertText } from '../../components/AlertText';
import { ErrorText } from '../test-bench';
import './libraries.css';

export interface LibraryTryPanelProps {
  libraryId: string;
  name: string;
  importName: string;
  /** The code in the editor (unsaved code is what gets called). */
  code: string;
  onJump: (line: number, column: number) => void;
}

interface Saved {
  fn: string;
  args: string;
}

const storageKey = (id: string) => `studio.library-call.${id}`;

function loadSaved(id: string): Saved | undefined {
  try {
    const raw = userStorage().getItem(storageKey(id));
    return raw ? (JSON.parse(raw) as Saved) : undefined;
  } catch {
    return undefined;
  }
}

/** Arguments typed as a JSON array; a message saying what to fix when they are not one. */
function parseArgs(text: string): unknown[] | string {
  if (text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : 'Arguments must be a JSON array, e.g. ["a@b.com", 2]';
  } catch (e) {
    return `Arguments are not valid JSON: ${(e as Error).message}`;
  }
}

/** The library test panel: call an exported function of the editor's code with JSON arguments. */
export function LibraryTryPanel({ libraryId, name, importName, code, onJump }: LibraryTryPanelProps) {
  const functions = useMemo(() => {
    try {
      return moduleExports(code).filter((e) => e.kind === 'function');
    } catch {
      return undefined;
    }
  }, [code]);
  const saved = useMemo(() => loadSaved(libraryId), [libraryId]);
  const [fn, setFn] = useState(saved?.fn ?? '');
  const [args, setArgs] = useState(saved?.args ?? '');
  const [result, setResult] = useState<LibraryCallResponse & { calledWith: string }>();
  const [error, setError] = useState<string>();
  const [running, setRunning] = useState(false);
  const chosen = functions?.find((f) => f.name === fn) ?? functions?.[0];

  useEffect(() => {
    userStorage().setItem(storageKey(libraryId), JSON.stringify({ fn, args } satisfies Saved));
  }, [libraryId, fn, args]);

  if (functions === undefined) return <EmptyState title="The code does not parse">Fix the syntax error to call its functions.</EmptyState>;
  if (functions.length === 0) {
    return <EmptyState title="No exported function">Export a function (<code>export function f(…)</code>) to call it here.</EmptyState>;
  }
  const parsed = parseArgs(args);
  const call = async () => {
    if (typeof parsed === 'string' || !chosen) return;
    setRunning(true);
    setError(undefined);
    try {
      const answer = await api.callLibrary({ name, code, function: chosen.name, args: parsed });
      setResult({ ...answer, calledWith: `${chosen.name}(${parsed.map((a) => JSON.stringify(a)).join(', ')})` });
    } catch (e) {
      setResult(undefined);
      setError((e as Error).message);
    } finally {
      setRunning(false);
    }
  };
  return (
    <section className="library-try" aria-label="Try the library" data-testid="library-try">
      <form className="library-try-form" onSubmit={(e) => { e.preventDefault(); void call(); }}>
        <label>
          Function
          <select aria-label="Function to call" value={chosen?.name} onChange={(e) => setFn(e.target.value)}>
            {functions.map((f) => (
              <option key={f.name} value={f.name}>{`${f.name}(${f.params.join(', ')})`}</option>
            ))}
          </select>
        </label>
        <label className="library-try-args">
          Arguments (a JSON array)
          <textarea
            aria-label="Arguments"
            rows={4}
            spellCheck={false}
            placeholder={chosen && chosen.params.length > 0 ? `[${chosen.params.map((p) => `"${p}"`).join(', ')}]` : '[]'}
            value={args}
            onChange={(e) => setArgs(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void call();
              }
            }}
          />
        </label>
        {typeof parsed === 'string' && <p className="error" role="alert">{parsed}</p>}
        <div className="library-try-actions">
          <button type="submit" disabled={running || typeof parsed === 'string'}>{running ? 'Calling…' : `Call ${chosen?.name ?? ''}`}</button>
          <span className="muted">Runs the code in the editor (saved or not) in the sandbox, imported as <code>{importName}</code>.</span>
        </div>
      </form>
      <AlertText error={error} testId="library-call-error" />
      {result && (
        <div className="library-call-result" data-testid="library-call-result" aria-live="polite">
          <p className="muted">
            <code>{result.calledWith}</code> · {result.durationMs.toFixed(1)} ms
          </p>
          {result.ok ? (
            <>
              <p className="ok" data-testid="library-call-status">Returned {result.valueType === 'undefined' ? 'undefined' : `${/^[aeiou]/.test(result.valueType) ? 'an' : 'a'} ${result.valueType}`}</p>
              {'value' in result && <pre className="json-block" data-testid="library-call-value">{JSON.stringify(result.value, null, 2)}</pre>}
            </>
          ) : (
            <>
              <p className="error" data-testid="library-call-status">Threw</p>
              <pre className="json-block error-text" data-testid="library-call-value">
                <ErrorText text={result.error ?? ''} ownLibrary={{ importName, onJump }} />
              </pre>
            </>
          )}
          <h4>Logs ({result.logs.length})</h4>
          {result.logs.length === 0 ? <p className="muted">No log lines.</p> : (
            <ul className="log-lines" data-testid="library-call-logs">
              {result.logs.map((line, i) => <li key={i}><code>{line}</code></li>)}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
