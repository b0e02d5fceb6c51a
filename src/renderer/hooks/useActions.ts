import { useState } from 'react';

/**
 * Runs user actions of a page: clears the last error, runs the work, shows `done` as a notice,
 * reloads the page's data; a failure becomes the page's error message.
 */
export function useActions(reload: () => Promise<unknown>) {
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setError(undefined);
    try {
      await work();
      if (done) setNotice(done);
      await reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return { act, error, setError, notice, setNotice };
}
