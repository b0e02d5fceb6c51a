/** Hash routes of the app (hash routing so no path collides with the HTTP APIs). */
export type Kind = 'transformation' | 'library';
export type PanelTab = 'test' | 'versions' | 'used-by' | 'try' | 'live';

export type Route =
  | { page: 'home' }
  | { page: 'sync' }
  | { page: 'settings' }
  | { page: 'list'; kind: Kind; id?: string; tab?: PanelTab }
  | { page: 'sources' }
  | { page: 'events'; params: Record<string, string> }
  | { page: 'schema'; params: Record<string, string> }
  | { page: 'destinations'; id?: string; params: Record<string, string> }
  | { page: 'replay'; runId?: string; query: string }
  | { page: 'not-found'; hash: string };

const SEGMENT = { transformations: 'transformation', libraries: 'library' } as const;
const TABS: PanelTab[] = ['test', 'versions', 'used-by', 'try', 'live'];

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').split('?')[0]!;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0 || parts[0] === 'login') return { page: 'home' };
  if (parts[0] === 'sync' && parts.length === 1) return { page: 'sync' };
  const params = Object.fromEntries(new URLSearchParams(hash.replace(/^#/, '').split('?')[1] ?? ''));
  if (parts[0] === 'sources' && parts.length === 1) return { page: 'sources' };
  if (parts[0] === 'events' && parts.length === 1) return { page: 'events', params };
  if (parts[0] === 'events' && parts[1] === 'schema' && parts.length === 2) return { page: 'schema', params };
  if (parts[0] === 'destinations' && parts.length <= 2) return { page: 'destinations', id: parts[1], params };
  if (parts.length === 1 && parts[0] === 'settings') return { page: 'settings' };
  if (parts[0] === 'replay' && parts.length <= 2) return { page: 'replay', runId: parts[1], query: hash.split('?')[1] ?? '' };
  const kind = SEGMENT[parts[0] as keyof typeof SEGMENT];
  if (!kind || parts.length > 3) return { page: 'not-found', hash };
  const tab = parts[2] as PanelTab | undefined;
  if (tab !== undefined && !TABS.includes(tab)) return { page: 'not-found', hash };
  return { page: 'list', kind, id: parts[1], tab };
}

export function hrefFor(kind: Kind, id?: string, tab?: PanelTab): string {
  const base = kind === 'transformation' ? '#/transformations' : '#/libraries';
  if (!id) return base;
  return `${base}/${encodeURIComponent(id)}${tab ? `/${tab}` : ''}`;
}

/** Link to a data-plane page with query parameters (filters, status). */
export function pageHref(page: 'sources' | 'events' | 'destinations', params: Record<string, string | undefined> = {}, id?: string): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return `#/${page}${id ? `/${encodeURIComponent(id)}` : ''}${text ? `?${text}` : ''}`;
}
