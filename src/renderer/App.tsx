import { useCallback, useEffect, useState } from 'react';
import { api, auth, ApiError, UNAUTHORIZED_EVENT, type StudioInfo } from './api/client';
import { LoginPage } from './features/home/LoginPage';
import { NavBar } from './features/shell/NavBar';
import { Shell } from './features/shell/Shell';
import { useMenuCommands } from './hooks/useMenuCommands';
import { loadCoreStorage } from './lib/core-storage';
import { ThemeContext, useThemeState } from './hooks/useTheme';

type State = { kind: 'loading' } | { kind: 'login'; notice?: string } | { kind: 'ready'; info: StudioInfo } | { kind: 'error'; message: string };

/** Takes credentials from the desktop bridge or a login link (`#/login?auth=…`), then loads. */
async function adoptCredentials(): Promise<void> {
  const match = /[?&]auth=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match?.[1]) {
    auth.setEncoded(match[1]);
    window.history.replaceState(null, '', `${window.location.pathname}#/`);
    return;
  }
  // The desktop app's session secret changes with every launch of the core: always take it.
  if (window.studio) {
    const session = await window.studio.session();
    auth.set(session.email, session.sessionToken);
  }
}

export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const theme = useThemeState();
  useMenuCommands();
  const load = useCallback(async () => {
    try {
      await adoptCredentials();
      if (!auth.get()) return setState({ kind: 'login' });
      const info = await api.info();
      // Drafts, test sets and preferences live in the core: loaded (and this browser's old ones moved in) before any page reads them.
      await loadCoreStorage();
      setState({ kind: 'ready', info });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        auth.clear();
        return setState({ kind: 'login' });
      }
      setState({ kind: 'error', message: (error as Error).message });
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    // A refused session mid-work (server restarted, token changed): sign in again; drafts stay saved locally.
    const signedOut = () => {
      auth.clear();
      setState((current) => (current.kind === 'ready' ? { kind: 'login', notice: 'The studio no longer accepts this session (was it restarted?). Sign in again; unsaved code is kept in the studio.' } : current));
    };
    window.addEventListener(UNAUTHORIZED_EVENT, signedOut);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, signedOut);
  }, []);

  return (
    <ThemeContext.Provider value={theme.theme}>
    <div className="app">
      <header className="app-header">
        <h1><span className="brand-first">Transformation </span>Studio</h1>
        {state.kind === 'ready' && <NavBar preference={theme.preference} onPreference={theme.setPreference} onSignOut={() => { auth.clear(); setState({ kind: 'login' }); }} />}
      </header>
      <main>
        {state.kind === 'loading' && <p>Loading…</p>}
        {state.kind === 'login' && state.notice && <p role="status" className="notice">{state.notice}</p>}
        {state.kind === 'login' && <LoginPage onSignedIn={() => void load()} />}
        {state.kind === 'error' && <p role="alert" className="error">{state.message}</p>}
        {state.kind === 'ready' && <Shell info={state.info} />}
      </main>
    </div>
    </ThemeContext.Provider>
  );
}
