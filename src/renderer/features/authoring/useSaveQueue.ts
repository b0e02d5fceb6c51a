import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { queuedSave, saveRequest } from './save-queue';

const DROPPED = 'The queued save did not run because the save before it did not go through: the code typed since is still unsaved.';

export interface SaveQueue {
  /** Saves now, or once the save in flight has finished when code was typed since it began (save-queue.ts). */
  request(): void;
  /** 'saving' while the page's save runs (a library's tests its dependants first), 'queued' while another waits behind it. */
  state?: 'saving' | 'queued';
  /** Asking now would queue a save: code was typed since the save in flight began, and it is unsaved (not discarded). */
  canQueue: boolean;
  /** Drops the queued save (the unsaved changes were discarded: it would save the code they went back to). */
  cancel(): void;
}

/**
 * The page's save behind one queue: `save` is the whole of it (checks, a library's dependants'
 * tests and its question, the version) and resolves to whether it stored a version. A queued save
 * runs after a render, so it reads the editor as that save left it (its new version, the code
 * typed meanwhile). `say` shows the page's message: that a queued save was dropped because the
 * save before it failed, taken back when the next save starts.
 */
export function useSaveQueue(save: () => Promise<boolean>, editor: { code: string; dirty: boolean }, say: Dispatch<SetStateAction<string | undefined>>): SaveQueue {
  // The code the save in flight stores: a ref to answer a key press at once, a state to render.
  const inFlight = useRef<string | undefined>(undefined);
  const [saving, setSaving] = useState<string>();
  const [queued, setQueued] = useState(false);
  const stored = useRef(false);
  const latest = useRef({ save, code: editor.code, dirty: editor.dirty, say });
  latest.current = { save, code: editor.code, dirty: editor.dirty, say };

  const start = useCallback(async () => {
    const code = latest.current.code;
    inFlight.current = code;
    setSaving(code);
    setQueued(false);
    latest.current.say((now) => (now === DROPPED ? undefined : now));
    stored.current = false;
    try {
      stored.current = await latest.current.save();
    } finally {
      inFlight.current = undefined;
      setSaving(undefined);
    }
  }, []);

  useEffect(() => {
    if (!queued || saving !== undefined) return;
    const next = queuedSave({ saved: stored.current, dirty: editor.dirty });
    if (next === 'run') return void start();
    setQueued(false);
    if (next === 'dropped') latest.current.say(DROPPED);
  }, [queued, saving, editor.dirty, start]);

  const request = useCallback(() => {
    const step = saveRequest(inFlight.current, latest.current.code);
    if (step === 'start') void start();
    // Only unsaved changes queue a save: after Discard the code went back to what is saved.
    else if (step === 'queue' && latest.current.dirty) setQueued(true);
  }, [start]);

  return {
    request,
    state: queued ? 'queued' : saving !== undefined ? 'saving' : undefined,
    canQueue: saving !== undefined && !queued && editor.dirty && editor.code !== saving,
    cancel: () => setQueued(false),
  };
}
