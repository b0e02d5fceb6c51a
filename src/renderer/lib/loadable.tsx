import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { coreConnection } from '../api/core-connection';

/**
 * A component whose code loads on first use, like React.lazy, but without Suspense: until its
 * chunk is there the placeholder shows, and showing the loaded component is an ordinary state
 * update. React holds back the reveal of a Suspense boundary's content until 300 ms after the
 * last fallback it showed, and opening a transformation went through two of them in a row (the
 * workspace page, then the code editor): in a Chromium profile of bench/ui-load.mjs the main
 * thread sat idle for those waits. Once loaded, it renders at once (no placeholder). While the
 * core does not answer, a chunk is not asked for (`preload` waits for the core; the host banner
 * says why): the page's module map keeps a failed fetch for the page's life, as Chromium 150 does.
 * A chunk that failed while the core was thought up and is then found down is tried again when it
 * is back (that try may fail again); any other failure throws in render, to the nearest error
 * boundary (the shell's PageBoundary), as React.lazy does.
 */
export function loadable<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: (props: P) => ReactNode) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= coreConnection.whenUp().then(load).then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // the next mount tries again
        throw error;
      },
    ));
  function Loadable(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [failed, setFailed] = useState<{ error: unknown }>();
    useEffect(() => {
      if (Component) return;
      let live = true;
      const abort = new AbortController();
      const attempt = (): void => {
        preload().then(
          (component) => live && setComponent(() => component),
          (error: unknown) => {
            if (!live) return;
            if (!coreConnection.isDown()) return setFailed({ error });
            void coreConnection.whenUp(abort.signal).then(() => live && attempt());
          },
        );
      };
      attempt();
      return () => {
        live = false;
        abort.abort();
      };
    }, [Component]);
    if (failed) throw failed.error;
    return Component ? <Component {...props} /> : placeholder(props);
  }
  return Object.assign(Loadable, { preload });
}
