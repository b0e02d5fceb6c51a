import { useEffect, useState } from 'react';
import { parseRoute, type Route } from './routes';

/** The current hash route; follows back/forward and links. */
export function useHashRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}

export function navigate(hash: string): void {
  if (window.location.hash !== hash) window.location.hash = hash;
}
