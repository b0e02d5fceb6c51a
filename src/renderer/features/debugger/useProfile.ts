import { useCallback, useEffect, useRef, useState } from 'react';
import type { ProfileStartRequest, ProfileState } from '../../../shared/api/debug';
import { debugApi } from '../../api/debug';
import { debugStore } from './debug-store';

const POLL_MS = 300;

/** One profile of the page: started, polled for progress until done, cancelled on request or when the page goes. */
export function useProfile() {
  const [state, setState] = useState<ProfileState>();
  const [error, setError] = useState<string>();
  const current = useRef<string | undefined>(undefined);

  const poll = useCallback(async (id: string) => {
    while (current.current === id) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (current.current !== id) return;
      try {
        const next = await debugApi.profile(id);
        if (current.current !== id) return;
        setState(next);
        if (next.state !== 'running') {
          if (next.summary) debugStore.setProfile(next.summary);
          current.current = undefined;
          return;
        }
      } catch (e) {
        setError((e as Error).message);
        current.current = undefined;
      }
    }
  }, []);

  const start = useCallback(
    async (request: ProfileStartRequest) => {
      setError(undefined);
      try {
        const started = await debugApi.startProfile(request);
        current.current = started.id;
        setState(started);
        void poll(started.id);
      } catch (e) {
        setError((e as Error).message);
      }
    },
    [poll],
  );

  const cancel = useCallback(async () => {
    const id = current.current;
    current.current = undefined;
    if (id) setState(await debugApi.cancelProfile(id).catch(() => undefined));
  }, []);

  useEffect(
    () => () => {
      const id = current.current;
      current.current = undefined;
      if (id) void debugApi.cancelProfile(id).catch(() => {});
    },
    [],
  );

  return { state, error, start, cancel, clear: () => setState(undefined) };
}

export type ProfileRun = ReturnType<typeof useProfile>;
