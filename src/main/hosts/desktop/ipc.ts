import { dialog, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { readFile, writeFile } from 'node:fs/promises';
import { openExternally } from './window';

export interface DesktopSession {
  baseUrl: string;
  email: string;
  sessionToken: string;
}

export interface IpcDeps {
  /** The current session (it changes when the core restarts on another port). */
  session(): DesktopSession | undefined;
  secrets: { get(name: string): string | undefined; set(name: string, value: string): void; delete(name: string): void; available(): boolean };
}

/** Only the studio's own page (the core's origin, top frame) may call the main process. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, origin: string | undefined): boolean {
  const frame = event.senderFrame;
  if (!frame || !origin || frame.parent) return false;
  try {
    return new URL(frame.url).origin === origin;
  } catch {
    return false;
  }
}

const SECRET_NAME = /^[a-z0-9][a-z0-9._:-]{0,99}$/i;

/** IPC for what a browser cannot do: session, native dialogs, external links, the OS secret store. */
export function registerIpc(deps: IpcDeps): void {
  const handle = (channel: string, fn: (...args: unknown[]) => unknown) =>
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, deps.session()?.baseUrl)) throw new Error(`${channel}: refused, the caller is not the studio's page`);
      return fn(...args);
    });
  handle('studio:session', () => deps.session());
  handle('studio:capabilities', () => ({ nativeDialogs: true, secretStore: deps.secrets.available() }));
  handle('studio:open-external', (url) => {
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error('only http(s) links can be opened');
    openExternally(url);
  });
  handle('studio:open-file', async (filters) => {
    const result = await dialog.showOpenDialog({
      properties: ['openFile'],
      filters: Array.isArray(filters) ? (filters as Electron.FileFilter[]) : [{ name: 'Events', extensions: ['json', 'ndjson', 'har', 'txt'] }],
    });
    const path = result.filePaths[0];
    return path ? { name: path, text: await readFile(path, 'utf8') } : undefined;
  });
  handle('studio:save-file', async (name, text) => {
    if (typeof name !== 'string' || typeof text !== 'string') throw new Error('save-file needs a file name and the text to save');
    const result = await dialog.showSaveDialog({ defaultPath: name });
    if (!result.filePath) return false;
    await writeFile(result.filePath, text, 'utf8');
    return true;
  });
  handle('studio:secret-get', (name) => {
    if (typeof name !== 'string' || !SECRET_NAME.test(name)) throw new Error('secret names are 1-100 letters, digits, . _ : -');
    return deps.secrets.get(name);
  });
  handle('studio:secret-set', (name, value) => {
    if (typeof name !== 'string' || !SECRET_NAME.test(name)) throw new Error('secret names are 1-100 letters, digits, . _ : -');
    if (typeof value !== 'string' || value.length > 65_536) throw new Error('a secret value is a string of at most 64 KB');
    deps.secrets.set(name, value);
  });
  handle('studio:secret-delete', (name) => {
    if (typeof name !== 'string' || !SECRET_NAME.test(name)) throw new Error('secret names are 1-100 letters, digits, . _ : -');
    deps.secrets.delete(name);
  });
}
