import { BrowserWindow, shell } from 'electron';
import { join } from 'node:path';

/** Opens the main window on the core's URL; external links go to the OS browser. */
export function openMainWindow(url: string, preloadDir: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 1280,
    minHeight: 800,
    title: 'Transformation Studio',
    webPreferences: {
      preload: join(preloadDir, 'index.mjs'),
      contextIsolation: true,
      sandbox: false,
      nodeIntegration: false,
    },
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    void shell.openExternal(target);
    return { action: 'deny' };
  });
  void window.loadURL(url);
  return window;
}
