import { dialog, ipcMain, shell } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';

export interface DesktopSession {
  baseUrl: string;
  email: string;
  sessionToken: string;
}

/** IPC for what a browser cannot do: session credentials, native file dialogs, external links. */
export function registerIpc(session: DesktopSession): void {
  ipcMain.handle('studio:session', () => session);
  ipcMain.handle('studio:open-external', (_event, url: unknown) => {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new Error('only http(s) links can be opened');
    return shell.openExternal(url);
  });
  ipcMain.handle('studio:open-file', async () => {
    const result = await dialog.showOpenDialog({ properties: ['openFile'], filters: [{ name: 'JSON', extensions: ['json', 'ndjson'] }] });
    const path = result.filePaths[0];
    return path ? { name: path, text: await readFile(path, 'utf8') } : undefined;
  });
  ipcMain.handle('studio:save-file', async (_event, name: unknown, text: unknown) => {
    if (typeof name !== 'string' || typeof text !== 'string') throw new Error('save-file needs a name and text');
    const result = await dialog.showSaveDialog({ defaultPath: name });
    if (!result.filePath) return false;
    await writeFile(result.filePath, text, 'utf8');
    return true;
  });
}
