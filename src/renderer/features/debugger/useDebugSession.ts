import { useCallback, useEffect, useRef, useState } from 'react';
import type { DebugSessionEvent, DebugStartRequest } from '../../../shared/api/debug';
import type { TestResponse } from '../../api/types';
import { debugApi, readSessionEvents } from '../../api/debug';
import type { CallFrame, PausedEvent, RemoteObject } from './cdp-types';
import { RUNTIME_URL } from './cdp-types';
import { debugStore } from './debug-store';

export type DebugStatus = 'idle' | 'starting' | 'running' | 'paused' | 'done' | 'ended';

export interface WatchValue {
  expression: string;
  value?: RemoteObject;
  error?: string;
}

export interface DebugSession {
  status: DebugStatus;
  paused?: PausedEvent;
  /** Frames with their script url (user frames first in the stack's order). */
  frames: CallFrame[];
  selected: number;
  select(index: number): void;
  result?: TestResponse;
  message?: string;
  /** The event the session runs (shown in the panel). */
  eventLabel?: string;
  watches: WatchValue[];
  addWatch(expression: string): void;
  removeWatch(expression: string): void;
  evaluations: WatchValue[];
  evaluate(expression: string): Promise<void>;
  start(request: DebugStartRequest, eventLabel: string): Promise<void>;
  command(method: 'Debugger.resume' | 'Debugger.stepOver' | 'Debugger.stepInto' | 'Debugger.stepOut' | 'Debugger.pause'): Promise<void>;
  stop(): Promise<void>;
  sessionId?: string;
}

/** Watch expressions, kept per artifact while the app runs. */
const watchLists = new Map<string, string[]>();

/** One debug session of the page: its events read as they come, commands, watches, evaluate. */
export function useDebugSession(artifactId: string): DebugSession {
  const [status, setStatus] = useState<DebugStatus>('idle');
  const [paused, setPaused] = useState<PausedEvent>();
  const [selected, setSelected] = useState(0);
  const [result, setResult] = useState<TestResponse>();
  const [message, setMessage] = useState<string>();
  const [eventLabel, setEventLabel] = useState<string>();
  const [watchList, setWatchList] = useState<string[]>(() => watchLists.get(artifactId) ?? []);
  // Watch values with the pause and frame they were evaluated in: only those of the pause and frame
  // shown are shown (a new pause shows its watches pending until their answers come, never the
  // previous pause's values).
  const [watchValues, setWatchValues] = useState<{ paused?: PausedEvent; selected: number; values: WatchValue[] }>({ selected: 0, values: [] });
  const [evaluations, setEvaluations] = useState<WatchValue[]>([]);
  const [sessionId, setSessionId] = useState<string>();
  const scripts = useRef(new Map<string, string>());
  const abort = useRef<AbortController | undefined>(undefined);
  const idRef = useRef<string | undefined>(undefined);

  const frames = (paused?.callFrames ?? []).map((frame) => ({ ...frame, url: scripts.current.get(frame.location.scriptId) ?? frame.url }));
  const frame = frames[selected];

  const evaluateOn = useCallback(async (id: string, callFrameId: string, expression: string): Promise<WatchValue> => {
    try {
      const answer = await debugApi.command<{ result: RemoteObject; exceptionDetails?: { exception?: RemoteObject; text: string } }>(id, 'Debugger.evaluateOnCallFrame', {
        callFrameId,
        expression,
        silent: true,
      });
      if (answer.exceptionDetails) return { expression, error: answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text };
      return { expression, value: answer.result };
    } catch (error) {
      return { expression, error: (error as Error).message };
    }
  }, []);

  // Watches are evaluated in the selected frame at every pause (each pause is a new `paused`;
  // a frame's callFrameId may stay the same across pauses).
  useEffect(() => {
    const id = idRef.current;
    if (!id || status !== 'paused' || !frame || !paused) return;
    let live = true;
    void Promise.all(watchList.map((expression) => evaluateOn(id, frame.callFrameId, expression))).then((values) => live && setWatchValues({ paused, selected, values }));
    return () => {
      live = false;
    };
  }, [paused, selected, watchList, evaluateOn]);
  const shown = watchValues.paused === paused && watchValues.selected === selected ? watchValues.values : [];
  const watches = watchList.map((expression) => shown.find((value) => value.expression === expression) ?? { expression });

  const onEvent = useCallback((event: DebugSessionEvent) => {
    if (event.kind === 'cdp') {
      if (event.method === 'Debugger.scriptParsed') {
        const { scriptId, url } = event.params as { scriptId: string; url: string };
        scripts.current.set(scriptId, url);
      } else if (event.method === 'Debugger.paused') {
        const params = event.params as PausedEvent;
        // The first user frame is selected (a pause inside the runtime shows its caller).
        const first = Math.max(0, params.callFrames.findIndex((f) => scripts.current.get(f.location.scriptId) !== RUNTIME_URL));
        setPaused(params);
        setSelected(first);
        setStatus('paused');
      } else if (event.method === 'Debugger.resumed') {
        setPaused(undefined);
        setStatus('running');
      }
      return;
    }
    setPaused(undefined);
    abort.current?.abort();
    if (event.kind === 'done') {
      setResult(event.result as TestResponse);
      setStatus('done');
    } else {
      setMessage(event.message);
      setStatus('ended');
    }
  }, []);

  // The paused line goes to the editors (the transformation's, or a library's).
  useEffect(() => {
    debugStore.setPaused(frame ? { url: frame.url, line: frame.location.lineNumber + 1 } : undefined);
  }, [frame?.url, frame?.location.lineNumber]);

  const stop = useCallback(async () => {
    const id = idRef.current;
    abort.current?.abort();
    if (id) await debugApi.stop(id).catch(() => {});
    setPaused(undefined);
    setStatus((current) => (current === 'done' || current === 'ended' ? current : 'ended'));
    setMessage((current) => current ?? 'Stopped.');
  }, []);

  // Leaving the page (or closing the window) ends the session.
  useEffect(() => () => void stop(), [stop]);
  useEffect(() => () => debugStore.setPaused(undefined), []);

  const start = useCallback(
    async (request: DebugStartRequest, label: string) => {
      if (idRef.current) await stop();
      scripts.current = new Map();
      setPaused(undefined);
      setResult(undefined);
      setMessage(undefined);
      setEvaluations([]);
      setEventLabel(label);
      setStatus('starting');
      try {
        const { id } = await debugApi.start(request);
        idRef.current = id;
        setSessionId(id);
        setStatus('running');
        const controller = new AbortController();
        abort.current = controller;
        readSessionEvents(id, onEvent, controller.signal).catch((error: Error) => {
          if (controller.signal.aborted) return;
          setMessage(error.message);
          setStatus('ended');
        });
      } catch (error) {
        setMessage((error as Error).message);
        setStatus('ended');
      }
    },
    [onEvent, stop],
  );

  const command = useCallback(async (method: Parameters<DebugSession['command']>[0]) => {
    const id = idRef.current;
    if (!id) return;
    await debugApi.command(id, method).catch((error: Error) => setMessage(error.message));
  }, []);

  const saveWatches = (next: string[]) => {
    watchLists.set(artifactId, next);
    setWatchList(next);
  };

  return {
    status,
    paused,
    frames,
    selected,
    select: setSelected,
    result,
    message,
    eventLabel,
    watches,
    addWatch: (expression) => expression.trim() && !watchList.includes(expression.trim()) && saveWatches([...watchList, expression.trim()]),
    removeWatch: (expression) => saveWatches(watchList.filter((w) => w !== expression)),
    evaluations,
    async evaluate(expression) {
      const id = idRef.current;
      if (!id || !frame) return;
      const value = await evaluateOn(id, frame.callFrameId, expression);
      setEvaluations((list) => [...list, value]);
    },
    start,
    command,
    stop,
    sessionId,
  };
}
