import { byLengthAsc, byStartAsc, extendedMatch, Fzf, type FzfResultItem } from 'fzf';
import type { Artifact } from '../../api/artifacts';
import { hrefFor } from '../../hooks/routes';
import { pageActions } from '../../hooks/usePaletteAction';
import { activeShortcuts } from '../../hooks/useShortcuts';
import { keyLabel } from '../../hooks/keymap';
import { userStorage } from '../../lib/core-storage';

export interface Command {
  id: string;
  label: string;
  group: 'Action' | 'Go to' | 'Open' | 'Help';
  shortcut?: string;
  run: () => void;
}

/** Every page of the studio, as the palette names it. */
export const PAGES: [id: string, label: string, href: string][] = [
  ['overview', 'Overview', '#/'],
  ['transformations', 'Transformations', '#/transformations'],
  ['libraries', 'Libraries', '#/libraries'],
  ['sources', 'Sources (write keys, first event, send an event)', '#/sources'],
  ['events', 'Events (captured events, live tail)', '#/events'],
  ['schema', 'Event schema (fields, types, JSON Schema)', '#/events/schema'],
  ['destinations', 'Destinations (deliveries, retries)', '#/destinations'],
  ['replay', 'Replay (runs, comparisons)', '#/replay'],
  ['sync', 'Remotes & sync', '#/sync'],
  ['settings', 'Settings (sandbox, credentials, retention, backup)', '#/settings'],
];

/** What the command palette offers now: the page's actions, navigation (through `navigate`), and every item by name. */
export function paletteCommands(navigate: (href: string) => void, transformations: Artifact[] = [], libraries: Artifact[] = [], showKeys?: () => void): Command[] {
  const page = activeShortcuts.current;
  const actions: Command[] = [];
  if (page?.onSave) actions.push({ id: 'save', label: 'Save version', group: 'Action', shortcut: keyLabel('save'), run: page.onSave });
  if (page?.onRun) actions.push({ id: 'run', label: 'Run test', group: 'Action', shortcut: keyLabel('run'), run: page.onRun });
  if (page?.onFormat) actions.push({ id: 'format', label: 'Format code', group: 'Action', shortcut: keyLabel('format'), run: page.onFormat });
  for (const a of pageActions().filter((x) => !x.late)) actions.push({ id: a.id, label: a.label, group: 'Action', shortcut: a.shortcut, run: a.run });
  const late = pageActions().filter((x) => x.late).map((a): Command => ({ id: a.id, label: a.label, group: 'Action', shortcut: a.shortcut, run: a.run }));
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
    ...late,
    ...(showKeys ? [{ id: 'keyboard-shortcuts', label: 'Keyboard shortcuts', group: 'Help' as const, shortcut: undefined, run: showKeys }] : []),
    ...transformations.map((t) => ({ id: `t:${t.id}`, label: `Transformation: ${t.name}`, group: 'Open' as const, run: () => navigate(hrefFor('transformation', t.id)) })),
    ...libraries.map((l) => ({ id: `l:${l.id}`, label: `Library: ${l.name}`, group: 'Open' as const, run: () => navigate(hrefFor('library', l.id)) })),
  ];
}

export interface Shown {
  command: Command;
  /** Positions of the label's characters the query matched (to mark them). */
  positions: Set<number>;
}

const RECENT_KEY = 'studio.palette.recent';
const RECENT_MAX = 12;

/** Ids of the commands run last, newest first (kept in the core with the UI's other state). */
export function recentCommands(): string[] {
  try {
    const list: unknown = JSON.parse(userStorage().getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCommand(id: string): void {
  userStorage().setItem(RECENT_KEY, JSON.stringify([id, ...recentCommands().filter((x) => x !== id)].slice(0, RECENT_MAX)));
}

/**
 * Commands matching the query fuzzily (fzf's algorithm: "ordpip" finds "Order pipeline"; words
 * apart each match), best first, a recent command first among equals; no query: recent ones first,
 * then the list's order.
 */
export function filterCommands(commands: Command[], query: string, recent: string[] = []): Shown[] {
  const rank = (c: Command) => {
    const i = recent.indexOf(c.id);
    return i === -1 ? recent.length : i;
  };
  if (!query.trim()) {
    return commands
      .map((command, i) => ({ command, i }))
      .sort((a, b) => rank(a.command) - rank(b.command) || a.i - b.i)
      .map(({ command }) => ({ command, positions: new Set<number>() }));
  }
  const byRecent = (a: FzfResultItem<Command>, b: FzfResultItem<Command>) => rank(a.item) - rank(b.item);
  const fzf = new Fzf(commands, { selector: (c) => c.label, casing: 'case-insensitive', match: extendedMatch, tiebreakers: [byRecent, byStartAsc, byLengthAsc] });
  return fzf.find(query.trim()).map((r) => ({ command: r.item, positions: r.positions }));
}
