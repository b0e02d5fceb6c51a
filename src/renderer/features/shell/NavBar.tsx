import { useHashRoute } from '../../hooks/useHashRoute';
import { usePaletteAction } from '../../hooks/usePaletteAction';
import { useFailingDestinations } from '../../hooks/useFailingDestinations';
import type { ThemePreference } from '../../hooks/useTheme';
import './shell.css';

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
  const failing = useFailingDestinations().length;
  const link = (href: string, key: string, label: string, badge?: string) => (
    <a href={href} aria-current={current === key ? 'page' : undefined} className={current === key ? 'active' : ''} title={badge}>
      {label}
      {/* The link keeps its name ("Destinations"); the count is its title and the alert says it aloud. */}
      {badge && <span className="nav-badge" data-testid="nav-badge" aria-hidden="true">{badge.split(' ')[0]}</span>}
    </a>
  );
  return (
    <>
      <nav aria-label="Main" className="main-nav">
        {link('#/', 'home', 'Overview')}
        {link('#/transformations', 'transformation', 'Transformations')}
        {link('#/libraries', 'library', 'Libraries')}
        {link('#/sources', 'sources', 'Sources')}
        {link('#/events', 'events', 'Events')}
        {link('#/destinations', 'destinations', 'Destinations', failing ? `${failing} failing (the last delivery attempt failed)` : undefined)}
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
