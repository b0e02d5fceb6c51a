import { createContext, useContext, useEffect, useState } from 'react';
import type { ThemeName } from '../editor/theme';
import { userStorage } from '../lib/core-storage';

export type ThemePreference = 'system' | ThemeName;
const KEY = 'studio.theme';

function systemTheme(): ThemeName {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Light/dark theme: the user's choice (kept locally) or the system's; sets data-theme on <html>. */
export function useThemeState(): { theme: ThemeName; preference: ThemePreference; setPreference(p: ThemePreference): void } {
  const [preference, setPreferenceState] = useState<ThemePreference>(() => (localStorage.getItem(KEY) as ThemePreference | null) ?? 'system');
  const [system, setSystem] = useState<ThemeName>(systemTheme);
  useEffect(() => {
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    const update = () => setSystem(systemTheme());
    query?.addEventListener('change', update);
    return () => query?.removeEventListener('change', update);
  }, []);
  const theme = preference === 'system' ? system : preference;
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return {
    theme,
    preference,
    setPreference(p) {
      localStorage.setItem(KEY, p); // paints the sign-in page
      userStorage().setItem(KEY, p);
      setPreferenceState(p);
    },
  };
}

export const ThemeContext = createContext<ThemeName>('light');
export const useTheme = (): ThemeName => useContext(ThemeContext);
