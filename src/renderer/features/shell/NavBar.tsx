import { useHashRoute } from '../../hooks/useHashRoute';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import type { ThemePreference } from '../../hooks/useTheme';

const THEMES: [ThemePreference, string][] = [['system', 'System'], ['light', 'Light'], ['dark', 'Dark']];

/** Top navigation, the theme choice and sign-out (also in the command palette). */
export function NavBar({ preference, onPreference, onSignOut }: { preference: ThemePreference; onPreference: (p: ThemePreference) => void; onSignOut: () => void }) {
  const route = useHashRoute();
  const themeAction = ([value, label]: [ThemePreference, string]) => ({ id: `theme-${value}`, label: `Theme: ${label.toLowerCase()}${value === preference ? ' (now)' : ''}`, late: true, run: () => onPreference(value) });
  usePaletteAction(themeAction(THEMES[0]!));
  usePaletteAction(themeAction(THEMES[1]!));
  usePaletteAction(themeAction(THEMES[2]!));
  usePaletteAction({ id: 'sign-out', label: 'Sign out', late: true, run: onSignOut });
  const current = route.page === 'list' ? route.kind : route.page === 'schema' ? 'events' : route.page;
  const link = (href: string, key: string, label: string) => (
    <a href={href} aria-current={current === key ? 'page' : undefined} className={current === key ? 'active' : ''}>{label}</a>
  );
  return (
    <>
      <nav aria-label="Main" className="main-nav">
        {link('#/', 'home', 'Overview')}
        {link('#/transformations', 'transformation', 'Transformations')}
        {link('#/libraries', 'library', 'Libraries')}
        {link('#/sources', 'sources', 'Sources')}
        {link('#/events', 'events', 'Events')}
        {link('#/destinations', 'destinations', 'Destinations')}
        {link('#/replay', 'replay', 'Replay')}
        {link('#/sync', 'sync', 'Remotes & sync')}
        {link('#/settings', 'settings', 'Settings')}
      </nav>
      <label className="theme-choice">
        <span className="sr-only">Theme</span>
        <select aria-label="Theme" value={preference} onChange={(e) => onPreference(e.target.value as ThemePreference)}>
          {THEMES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <button type="button" className="link" onClick={onSignOut}>
        Sign out
      </button>
    </>
  );
}
