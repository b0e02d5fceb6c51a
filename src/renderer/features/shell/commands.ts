import type { Artifact } from '../../api/artifacts';
import { hrefFor } from '../../hooks/routes';
import { navigate } from '../../hooks/useHashRoute';
import { activeShortcuts, MOD_LABEL } from '../../hooks/useShortcuts';

export interface Command {
  id: string;
  label: string;
  group: 'Action' | 'Go to' | 'Open';
  shortcut?: string;
  run: () => void;
}

/** What the command palette offers now: the page's actions, navigation, and every item by name. */
export function paletteCommands(transformations: Artifact[] = [], libraries: Artifact[] = []): Command[] {
  const page = activeShortcuts.current;
  const actions: Command[] = [];
  if (page?.onSave) actions.push({ id: 'save', label: 'Save version', group: 'Action', shortcut: `${MOD_LABEL}+S`, run: page.onSave });
  if (page?.onRun) actions.push({ id: 'run', label: 'Run test', group: 'Action', shortcut: `${MOD_LABEL}+Enter`, run: page.onRun });
  if (page?.onFormat) actions.push({ id: 'format', label: 'Format code', group: 'Action', shortcut: 'Shift+Alt+F', run: page.onFormat });
  const go = (id: string, label: string, href: string): Command => ({ id, label, group: 'Go to', run: () => navigate(href) });
  return [
    ...actions,
    go('overview', 'Overview', '#/'),
    go('transformations', 'Transformations', hrefFor('transformation')),
    go('libraries', 'Libraries', hrefFor('library')),
    go('settings', 'Settings (sandbox, credentials, retention)', '#/settings'),
    go('new-transformation', 'New transformation…', `${hrefFor('transformation')}?new=1`),
    go('new-library', 'New library…', `${hrefFor('library')}?new=1`),
    ...transformations.map((t) => ({ id: `t:${t.id}`, label: `Transformation: ${t.name}`, group: 'Open' as const, run: () => navigate(hrefFor('transformation', t.id)) })),
    ...libraries.map((l) => ({ id: `l:${l.id}`, label: `Library: ${l.name}`, group: 'Open' as const, run: () => navigate(hrefFor('library', l.id)) })),
  ];
}

/** Commands whose label holds every word of the query (case-insensitive), in order of the list. */
export function filterCommands(commands: Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((c) => words.every((w) => c.label.toLowerCase().includes(w)));
}
