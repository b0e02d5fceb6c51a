import { pageHref } from '../../../hooks/routes';
import '../events.css';

/** Link to the Schema view with its parameters (source, window, event). */
export const schemaHref = (params: Record<string, string | undefined> = {}) => pageHref('events', params).replace('#/events', '#/events/schema');

/** The Events page's two views: the captured events, and the schema learned from them. */
export function EventsViewTabs({ current }: { current: 'events' | 'schema' }) {
  const tab = (key: 'events' | 'schema', href: string, label: string) => (
    <a href={href} aria-current={current === key ? 'page' : undefined} className={current === key ? 'active' : ''}>{label}</a>
  );
  return (
    <nav className="view-tabs" aria-label="Events views">
      {tab('events', pageHref('events'), 'Events')}
      {tab('schema', schemaHref(), 'Schema')}
    </nav>
  );
}
