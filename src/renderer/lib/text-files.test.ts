import { describe, expect, it, vi } from 'vitest';
import { openTextFile, saveTextFile, type FileEnv } from './text-files';

const fallbacks = () => ({ pick: vi.fn(async () => ({ name: 'picked.json', text: '[]' })), download: vi.fn() });
const bridge = (nativeDialogs: boolean) => ({
  capabilities: vi.fn(async () => ({ nativeDialogs, secretStore: false })),
  openFile: vi.fn(async () => ({ name: 'native.json', text: '[1]' })),
  saveFile: vi.fn(async () => false),
});

describe('text files: native dialogs when the desktop app offers them, else the browser', () => {
  it('uses the native open and save dialogs of the desktop app', async () => {
    const env: FileEnv = { bridge: bridge(true), ...fallbacks() };
    expect(await openTextFile(['json', 'ndjson'], env)).toEqual({ name: 'native.json', text: '[1]' });
    expect(env.bridge!.openFile).toHaveBeenCalledWith([{ name: 'JSON, NDJSON', extensions: ['json', 'ndjson'] }]);
    expect(await saveTextFile('events.json', '[]', env)).toBe(false); // the user cancelled the dialog
    expect(env.bridge!.saveFile).toHaveBeenCalledWith('events.json', '[]');
    expect(env.pick).not.toHaveBeenCalled();
    expect(env.download).not.toHaveBeenCalled();
  });

  it('falls back to the file input and a download in a browser, or when dialogs are not offered', async () => {
    for (const env of [{ ...fallbacks() }, { bridge: bridge(false), ...fallbacks() }] as FileEnv[]) {
      expect(await openTextFile(['json'], env)).toEqual({ name: 'picked.json', text: '[]' });
      expect(env.pick).toHaveBeenCalledWith('.json');
      expect(await saveTextFile('events.json', '[{}]', env)).toBe(true);
      expect(env.download).toHaveBeenCalledWith('events.json', '[{}]');
      expect(env.bridge?.openFile ?? vi.fn()).not.toHaveBeenCalled();
    }
  });
});
