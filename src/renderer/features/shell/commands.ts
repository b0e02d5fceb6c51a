import type { Artifact } from '../../api/artifacts';
import { hrefFor } from '../../hooks/routes';
import { pageActions } from '../../hooks/usePaletteAction';
import { activeShortcuts, MOD_LABEL } from '../../hooks/useShortcuts';

export interface Command {
  id: string;
  label: string;
  group: 'Action' | 'Go to' | 'Open';
  shortcut?: string;
  run: () => void;
}

/** Every page of the main navigation, as the palette names it. */
export const PAGES: [id: string, label: string, href: string][] = [
  ['overview', 'Overview', '#/'],
  ['transformations', 'Transformations', '#/transformations'],
  ['libraries', 'Libraries', '#/libraries'],
  ['sources', 'Sources (write keys, first event)', '#/sources'],
  ['events', 'Events (captured events, live tail)', '#/events'],
  ['destinations', 'Destinations (deliveries, retries)', '#/destinations'],
  ['replay', 'Replay (runs, comparisons)', '#/replay'],
  ['sync', 'Remotes & sync', '#/sync'],
  ['settings', 'Settings (sandbox, credentials, retention)', '#/settings'],
];

/** What the command palette offers now: the page's actions, navigation (through `navigate`), and every item by name. */
export function paletteCommands(navigate: (href: string) => void, transformations: Artifact[] = [], libraries: Artifact[] = []): Command[] {
  const page = activeShortcuts.current;
  const actions: Command[] = [];
  if (page?.onSave) actions.push({ id: 'save', label: 'Save version', group: 'Action', shortcut: `${MOD_LABEL}+S`, run: page.onSave });
  if (page?.onRun) actions.push({ id: 'run', label: 'Run test', group: 'Action', shortcut: `${MOD_LABEL}+Enter`, run: page.onRun });
  if (page?.onFormat) actions.push({ id: 'format', label: 'Format code', group: 'Action', shortcut: 'Shift+Alt+F', run: page.onFormat });
  for (const a of pageActions()) actions.push({ id: a.id, label: a.label, group: 'Action', shortcut: a.shortcut, run: a.run });
  const go = (id: string, label: string, href: string): Command => ({ id, label, group: 'Go to', run: () => navigate(href) });
  const create = (id: string, label: string, href: string): Command => ({ id, label, group: 'Action', run: () => navigate(href) });
  return [
    ...actions,
    ...PAGES.map(([id, label, href]) => go(id, label, href)),
    create('new-transformation', 'New transformation…', `${hrefFor('transformation')}?new=1`),
    create('new-library', 'New library…', `${hrefFor('library')}?new=1`),
    create('new-source', 'New source…', '#/sources?new=1'),
    create('new-destination', 'New destination…', '#/destinations?new=1'),
    create('new-replay', 'New replay run…', '#/replay'),
    ...transformations.map((t) => ({ id: `t:${t.id}`, label: `Transformation: ${t.name}`, group: 'Open' as const, run: () => navigate(hrefFor('transformation', t.id)) })),
    ...libraries.map((l) => ({ id: `l:${l.id}`, label: `Library: ${l.name}`, group: 'Open' as const, run: () => navigate(hrefFor('library', l.id)) })),
  ];
}

/** Commands whose label holds every word of the query (case-insensitive), in order of the list. */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)));
}
