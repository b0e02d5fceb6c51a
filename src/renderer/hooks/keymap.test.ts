import { defaultKeymap, historyKeymap } from '@codemirror/commands';
import { describe, expect, it } from 'vitest';
import readme from '../../../README.md?raw';
import { EXTRA_KEYS } from '../editor/editor-extras';
import { KEYMAP, keyConflicts, matchesKey, normalChord, type KeyBinding } from './keymap';

/** A CodeMirror key name ("Shift-Mod-k", "Mod-/", "Ctrl-Space") in the keymap's spelling. */
function fromCodeMirror(name: string): string {
  const parts = name.split(/-(?!$)/);
  const key = parts.pop()!;
  return normalChord([...parts.map((p) => (p === 'Cmd' || p === 'Meta' ? 'Mod' : p)), key === ' ' ? 'Space' : key].join('+'));
}

const press = (init: Partial<KeyboardEvent>) => ({ key: '', code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init });

describe('the keyboard map', () => {
  it('gives no two actions the same key where both work', () => {
    expect(keyConflicts()).toEqual([]);
  });

  it('finds a shared key in the same scope and in a scope inside another, not in scopes apart', () => {
    const a: KeyBinding = { id: 'a', label: 'A', keys: ['Mod+Enter'], scope: 'Code editor pages' };
    expect(keyConflicts([a, { id: 'b', label: 'B', keys: ['Mod+Enter'], scope: 'Transformation page' }])).toEqual(['Mod+Enter: A / B']);
    expect(keyConflicts([a, { id: 'b', label: 'B', keys: ['Mod+Enter'], scope: 'Everywhere' }])).toHaveLength(1);
    expect(keyConflicts([a, { id: 'b', label: 'B', keys: ['Shift+Mod+Enter'], scope: 'Code editor pages' }])).toEqual([]);
    expect(keyConflicts([a, { id: 'b', label: 'B', keys: ['Mod+Enter'], scope: 'Debugger (paused)' }])).toHaveLength(1);
    expect(keyConflicts([{ ...a, keys: ['Alt+Shift+F', 'Shift+Alt+F'] }])).toEqual(['A lists a key twice']);
  });

  it('matches a key press only with exactly its modifiers', () => {
    expect(matchesKey('run', press({ key: 'Enter', ctrlKey: true }), false)).toBe(true);
    expect(matchesKey('run', press({ key: 'Enter', ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(matchesKey('publish', press({ key: 'Enter', ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesKey('publish', press({ key: 'Enter', metaKey: true, shiftKey: true }), true)).toBe(true);
    expect(matchesKey('publish', press({ key: 'Enter', ctrlKey: true, shiftKey: true }), true)).toBe(false);
    expect(matchesKey('format', press({ key: 'Ï', code: 'KeyF', altKey: true, shiftKey: true }), true)).toBe(true);
    expect(matchesKey('palette', press({ key: 'P', code: 'KeyP', ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesKey('debug-step-out', press({ key: 'F11', shiftKey: true }))).toBe(true);
    expect(matchesKey('debug-step-into', press({ key: 'F11', shiftKey: true }))).toBe(false);
  });

  it("leaves to the page every key the code editor does not bind itself (CodeMirror's keymaps take none of them)", () => {
    const taken = new Map<string, string>();
    for (const binding of [...defaultKeymap, ...historyKeymap, ...EXTRA_KEYS])
      for (const name of [binding.key, binding.linux, binding.win]) if (name) taken.set(fromCodeMirror(name), String(binding.run?.name ?? name));
    const clashes = KEYMAP.filter((b) => !b.editorBinds && b.scope !== 'In the code editor' && b.id !== 'palette')
      .flatMap((b) => b.keys.filter((k) => taken.has(normalChord(k))).map((k) => `${b.label} ${k}: ${taken.get(normalChord(k))}`));
    expect(clashes).toEqual([]);
    // And the editor's own keys listed in the map are CodeMirror's.
    for (const b of KEYMAP.filter((k) => k.scope === 'In the code editor')) for (const k of b.keys) expect(taken.has(normalChord(k)), k).toBe(true);
  });

  it("is README's table, row for row", () => {
    const section = readme.split('## Keyboard shortcuts')[1]?.split('\n## ')[0] ?? '';
    const rows = section.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Action') && !l.startsWith('|---'));
    const expected = KEYMAP.map((b) => `| ${b.label} | ${b.keys.map((k) => `\`${normalChord(k).replace('Mod', 'Ctrl/⌘')}\``).join(' or ')} | ${b.scope} |`);
    expect(rows).toEqual(expected);
  });
});
