// The studio's one keyboard map: every shortcut once, with where it works. The key listeners
// (useShortcuts, usePaletteAction, the code editor, the palette) match keys through it, the palette
// shows it as a table, README's table is checked against it, and keymap.test.ts checks that no
// two actions share a key where both work.

/** Where a key works: everywhere, or on a page (a page inside another shares its keys). */
export type KeyScope = 'Everywhere' | 'Code editor pages' | 'Transformation page' | 'Debugger (paused)' | 'In the code editor';

/** The scope a scope sits in (its keys must not clash with the outer scope's either). */
export const SCOPE_PARENT: Record<KeyScope, KeyScope | undefined> = {
  Everywhere: undefined,
  'Code editor pages': 'Everywhere',
  'Transformation page': 'Code editor pages',
  'Debugger (paused)': 'Transformation page',
  // CodeMirror's own keys, while the code editor has the focus.
  'In the code editor': 'Code editor pages',
};

export interface KeyBinding {
  id: string;
  label: string;
  /** "Mod" is Ctrl (⌘ on a Mac); then Shift, Alt, and one key (a letter, or a name such as Enter). */
  keys: string[];
  scope: KeyScope;
  /** The code editor binds it itself, before CodeMirror's keys (editor/CodeEditor.tsx). */
  editorBinds?: boolean;
}

export type KeyId =
  | 'palette' | 'save' | 'run' | 'publish' | 'format' | 'compare-live'
  | 'debug-continue' | 'debug-step-over' | 'debug-step-into' | 'debug-step-out'
  | 'find' | 'next-match' | 'complete' | 'comment';

export const KEYMAP: (KeyBinding & { id: KeyId })[] = [
  { id: 'palette', label: 'Open the command palette', keys: ['Mod+K', 'Mod+Shift+P'], scope: 'Everywhere' },
  { id: 'save', editorBinds: true, label: 'Save version', keys: ['Mod+S'], scope: 'Code editor pages' },
  { id: 'run', editorBinds: true, label: 'Run test', keys: ['Mod+Enter'], scope: 'Code editor pages' },
  { id: 'publish', label: 'Publish…', keys: ['Mod+Shift+Enter'], scope: 'Code editor pages' },
  { id: 'format', editorBinds: true, label: 'Format code', keys: ['Shift+Alt+F'], scope: 'Code editor pages' },
  { id: 'compare-live', label: 'Compare with live', keys: ['Alt+Shift+C'], scope: 'Transformation page' },
  { id: 'debug-continue', label: 'Continue', keys: ['F8'], scope: 'Debugger (paused)' },
  { id: 'debug-step-over', label: 'Step over', keys: ['F10'], scope: 'Debugger (paused)' },
  { id: 'debug-step-into', label: 'Step into', keys: ['F11'], scope: 'Debugger (paused)' },
  { id: 'debug-step-out', label: 'Step out', keys: ['Shift+F11'], scope: 'Debugger (paused)' },
  { id: 'find', label: 'Find and replace', keys: ['Mod+F'], scope: 'In the code editor' },
  { id: 'next-match', label: 'Select the next match (another cursor)', keys: ['Mod+D'], scope: 'In the code editor' },
  { id: 'complete', label: 'Complete (event fields, library exports)', keys: ['Ctrl+Space'], scope: 'In the code editor' },
  { id: 'comment', label: 'Comment or uncomment the lines', keys: ['Mod+/'], scope: 'In the code editor' },
];

interface Chord {
  mod: boolean;
  /** Ctrl itself, also on a Mac (Ctrl+Space completes there too). */
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

/** "Mod+Shift+Enter" as its parts (the key in upper case for letters). */
export function parseChord(text: string): Chord {
  const parts = text.split('+');
  const key = parts.pop()!;
  const known = ['Mod', 'Ctrl', 'Shift', 'Alt'];
  const unknown = parts.find((p) => !known.includes(p));
  if (unknown || !key) throw new Error(`not a key: ${text}`);
  return { mod: parts.includes('Mod'), ctrl: parts.includes('Ctrl'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key: key.length === 1 ? key.toUpperCase() : key };
}

const spell = (c: Chord, sep: string, key: string) => [c.mod && 'Mod', c.ctrl && 'Ctrl', c.alt && 'Alt', c.shift && 'Shift', key].filter(Boolean).join(sep);

/** One spelling per chord ("Mod+Alt+Shift+F"), whatever order it was written in. */
export const normalChord = (text: string): string => spell(parseChord(text), '+', parseChord(text).key);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** What "Mod" is called here. */
export const MOD_LABEL = isMac ? '⌘' : 'Ctrl';

export const bindingOf = (id: KeyId): KeyBinding => KEYMAP.find((b) => b.id === id)!;

/** The keys of an action as the UI shows them ("Ctrl+Shift+Enter"). */
export const keyLabel = (id: KeyId): string => bindingOf(id).keys.map((k) => normalChord(k).replace('Mod', MOD_LABEL)).join(' or ');

/** The keys of an action in CodeMirror's spelling ("Mod-Shift-Enter", letters in lower case). */
export const codeMirrorKeys = (id: KeyId): string[] =>
  bindingOf(id).keys.map((k) => {
    const c = parseChord(k);
    return spell(c, '-', c.key.length === 1 ? c.key.toLowerCase() : c.key);
  });

type KeyEventLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

/** Whether a key press is exactly one of the action's chords (modifiers included: Mod+Enter is not Mod+Shift+Enter). */
export function matchesKey(id: KeyId, event: KeyEventLike, mac = isMac): boolean {
  return bindingOf(id).keys.some((text) => {
    const c = parseChord(text);
    const ctrl = c.ctrl || (c.mod && !mac);
    const meta = c.mod && mac;
    if (ctrl !== event.ctrlKey || meta !== event.metaKey || c.shift !== event.shiftKey || c.alt !== event.altKey) return false;
    // Letters by their physical key (Alt and Shift change event.key), named keys by name.
    if (c.key.length === 1 && /[A-Z]/.test(c.key)) return event.code === `Key${c.key}` || event.key.toUpperCase() === c.key;
    return event.key === (c.key === 'Space' ? ' ' : c.key);
  });
}

/** Scopes where a key of `a` and a key of `b` both work. */
export function scopesOverlap(a: KeyScope, b: KeyScope): boolean {
  const chain = (s: KeyScope | undefined): KeyScope[] => (s ? [s, ...chain(SCOPE_PARENT[s])] : []);
  return chain(a).includes(b) || chain(b).includes(a);
}

/** Pairs of actions that share a key where both work (none, in a good map). */
export function keyConflicts(map: KeyBinding[] = KEYMAP): string[] {
  const found: string[] = [];
  for (const [i, a] of map.entries())
    for (const b of map.slice(i + 1))
      for (const k of a.keys)
        if (scopesOverlap(a.scope, b.scope) && b.keys.some((l) => normalChord(l) === normalChord(k))) found.push(`${normalChord(k)}: ${a.label} / ${b.label}`);
  for (const a of map) if (new Set(a.keys.map(normalChord)).size !== a.keys.length) found.push(`${a.label} lists a key twice`);
  return found;
}
