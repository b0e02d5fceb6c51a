import { useHashRoute } from '../../hooks/useHashRoute';
import type { ThemePreference } from '../../hooks/useTheme';

/** Top navigation and the theme choice. */
export function NavBar({ preference, onPreference }: { preference: ThemePreference; onPreference: (p: ThemePreference) => void }) {
  const route = useHashRoute();
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
          <option value="system">System</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
      </label>
    </>
  );
}
