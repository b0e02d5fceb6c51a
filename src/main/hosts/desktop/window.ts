import { BrowserWindow, shell, type Rectangle, type Session } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';

export interface WindowOptions {
  /** The core's origin (http://127.0.0.1:PORT): the only one the window may show. */
  origin: string;
  preloadFile: string;
  bounds?: Partial<Rectangle>;
  devTools: boolean;
}

/** Web preferences of the main window: no Node, isolated and sandboxed preload, no remote content. */
export function webPreferences(options: Pick<WindowOptions, 'preloadFile' | 'devTools'>) {
  return {
    preload: options.preloadFile,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
    devTools: options.devTools,
  } as const;
}

const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/** Links the renderer opens go to the system browser, and only http(s) ones. */
export function openExternally(url: string): void {
  if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
}

/** The guards every window gets: navigation, new windows, permissions, CSP on the core's answers. */
export function lockDown(window: BrowserWindow, origin: string): void {
  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!sameOrigin(url, origin)) {
      event.preventDefault();
      openExternally(url);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!sameOrigin(url, origin)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  guardSession(contents.session);
}

/** Denies every permission request and adds the CSP to the core's answers that lack one. */
export function guardSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    const has = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (!has) headers['Content-Security-Policy'] = [CONTENT_SECURITY_POLICY];
    callback({ responseHeaders: headers });
  });
}

/** Opens the main window on the core's URL with every guard in place. */
export function openMainWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: options.bounds?.width ?? 1440,
    height: options.bounds?.height ?? 900,
    x: options.bounds?.x,
    y: options.bounds?.y,
    minWidth: 1024,
    minHeight: 700,
    title: 'Transformation Studio',
    show: false,
    webPreferences: webPreferences(options),
  });
  lockDown(window, options.origin);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${options.origin}/`);
  return window;
}
