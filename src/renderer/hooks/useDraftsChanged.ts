import { useEffect, useState } from 'react';
import { DRAFTS_CHANGED } from '../lib/local-data';

/** A counter that changes whenever a local draft appears or disappears (re-renders badges). */
export function useDraftsChanged(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const bump = () => setCount((n) => n + 1);
    window.addEventListener(DRAFTS_CHANGED, bump);
    return () => window.removeEventListener(DRAFTS_CHANGED, bump);
  }, []);
  return count;
}
