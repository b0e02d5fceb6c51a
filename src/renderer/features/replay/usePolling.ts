import { useCallback, useEffect, useState } from 'react';

/** Polls `load` every second while `keepPolling` says so. */
export function usePolling<T>(load: () => Promise<T>, keepPolling: (value: T) => boolean) {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const refresh = useCallback(async () => {
    try {
      const next = await load();
      setValue(next);
      setError(undefined);
      return next;
    } catch (e) {
      setError((e as Error).message);
      return undefined;
    }
  }, [load]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const next = await refresh();
      if (!stopped && next !== undefined && keepPolling(next)) timer = setTimeout(() => void tick(), 700);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [refresh, keepPolling]);
  return { value, error, refresh };
}
