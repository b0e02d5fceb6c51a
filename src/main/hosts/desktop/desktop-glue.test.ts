import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../shared/content-security-policy';

// The Electron main-process glue against a fake `electron` module: what the window is created
// with, which navigations and windows it refuses, who may call IPC, and the quit order.

const fake = vi.hoisted(() => {
  const state = {
    windows: [] as Array<{ options: any; contents: any; loaded: string[] }>,
    handlers: new Map<string, (event: any, ...args: any[]) => unknown>(),
    openedExternally: [] as string[],
    permission: undefined as undefined | ((contents: unknown, permission: string, callback: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | (() => boolean),
    headers: undefined as undefined | ((details: any, callback: (r: any) => void) => void),
    menu: undefined as any,
  };
  return state;
});

vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class BrowserWindow extends Emitter {
    webContents: any;
    constructor(options: any) {
      super();
      const contents = new Emitter() as any;
      contents.session = {
        setPermissionRequestHandler: (fn: any) => (fake.permission = fn),
        setPermissionCheckHandler: (fn: any) => (fake.permissionCheck = fn),
        webRequest: { onHeadersReceived: (fn: any) => (fake.headers = fn) },
      };
      contents.setWindowOpenHandler = (fn: any) => (contents.windowOpen = fn);
      this.webContents = contents;
      fake.windows.push({ options, contents, loaded: [] });
    }
    loadURL(url: string) {
      fake.windows.at(-1)!.loaded.push(url);
      return Promise.resolve();
    }
    show() {}
  }
  return {
    BrowserWindow,
    shell: { openExternal: (url: string) => (fake.openedExternally.push(url), Promise.resolve()), openPath: () => Promise.resolve('') },
    ipcMain: { handle: (channel: string, fn: any) => fake.handlers.set(channel, fn) },
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn() },
    app: { getName: () => 'Transformation Studio' },
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: (m: unknown) => (fake.menu = m) },
    safeStorage: { isEncryptionAvailable: () => false },
  };
});

const { openMainWindow, webPreferences } = await import('./window');
const { registerIpc, isTrustedSender } = await import('./ipc');
const { stopCoreBeforeQuit } = await import('./lifecycle');
const { menuTemplate } = await import('./menu');

const origin = 'http://127.0.0.1:43210';

beforeEach(() => {
  fake.windows.length = 0;
  fake.handlers.clear();
  fake.openedExternally.length = 0;
});

describe('main window', () => {
  it('is created locked down: isolated, sandboxed preload, no Node, no webviews', () => {
    openMainWindow({ origin, preloadFile: '/app/out/preload/index.cjs', devTools: false });
    const prefs = fake.windows[0]!.options.webPreferences;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, webSecurity: true, webviewTag: false, devTools: false });
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
    expect(fake.windows[0]!.loaded).toEqual([`${origin}/`]);
    expect(webPreferences({ preloadFile: 'p', devTools: true }).devTools).toBe(true);
  });

  it('blocks navigation to other origins (opening http(s) ones in the system browser) and allows its own', () => {
    openMainWindow({ origin, preloadFile: 'p', devTools: false });
    const contents = fake.windows[0]!.contents as EventEmitter;
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate(`${origin}/#/transformations`)).toBe(false);
    expect(navigate('https://evil.example/phish')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate('http://127.0.0.1:1/')).toBe(true);
    expect(fake.openedExternally).toEqual(['https://evil.example/phish', 'http://127.0.0.1:1/']);
    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect, 'https://evil.example/');
    expect(redirect.preventDefault).toHaveBeenCalled();
  });

  it('never opens new windows: http(s) links go to the system browser, other schemes nowhere', () => {
    openMainWindow({ origin, preloadFile: 'p', devTools: false });
    const contents = fake.windows[0]!.contents;
    expect(contents.windowOpen({ url: 'https://rudderstack.com/docs' })).toEqual({ action: 'deny' });
    expect(contents.windowOpen({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(contents.windowOpen({ url: 'smb://share/x' })).toEqual({ action: 'deny' });
    expect(fake.openedExternally).toEqual(['https://rudderstack.com/docs']);
  });

  it('denies every permission request and adds the CSP to answers that lack one', () => {
    openMainWindow({ origin, preloadFile: 'p', devTools: false });
    const answers: boolean[] = [];
    fake.permission!({}, 'media', (ok) => answers.push(ok));
    fake.permission!({}, 'notifications', (ok) => answers.push(ok));
    expect(answers).toEqual([false, false]);
    expect(fake.permissionCheck!()).toBe(false);
    let headers: any;
    fake.headers!({ responseHeaders: { 'Content-Type': ['text/html'] } }, (r) => (headers = r.responseHeaders));
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    fake.headers!({ responseHeaders: { 'content-security-policy': ["default-src 'none'"] } }, (r) => (headers = r.responseHeaders));
    expect(headers['content-security-policy']).toEqual(["default-src 'none'"]);
    expect(headers['Content-Security-Policy']).toBeUndefined();
  });
});

describe('IPC', () => {
  const session = { baseUrl: origin, email: 'a@b.c', sessionToken: 's3cret' };
  const secrets = { get: vi.fn(() => 'v'), set: vi.fn(), delete: vi.fn(), available: () => true };
  const frame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

  it('answers only the studio page in the top frame of the core origin', async () => {
    registerIpc({ session: () => session, secrets });
    const call = (event: unknown, channel: string, ...args: unknown[]) => Promise.resolve().then(() => fake.handlers.get(channel)!(event, ...args));
    await expect(call(frame(`${origin}/#/`), 'studio:session')).resolves.toEqual(session);
    await expect(call(frame('https://evil.example/'), 'studio:session')).rejects.toThrow(/refused, the caller is not the studio's page/);
    await expect(call(frame(`${origin}/`, {}), 'studio:session')).rejects.toThrow(/refused/);
    await expect(call({ senderFrame: null }, 'studio:session')).rejects.toThrow(/refused/);
    await expect(call(frame('http://127.0.0.1:1/'), 'studio:secret-get', 'remote:prod')).rejects.toThrow(/refused/);
    expect(secrets.get).not.toHaveBeenCalled();
    expect(isTrustedSender(frame(`${origin}/x`) as any, undefined)).toBe(false);
  });

  it('validates arguments before acting', async () => {
    registerIpc({ session: () => session, secrets });
    const call = (channel: string, ...args: unknown[]) => Promise.resolve().then(() => fake.handlers.get(channel)!(frame(`${origin}/`), ...args));
    await expect(call('studio:open-external', 'file:///etc/passwd')).rejects.toThrow(/only http\(s\) links/);
    await expect(call('studio:secret-set', '../../etc', 'x')).rejects.toThrow(/secret names/);
    await expect(call('studio:secret-set', 'remote:prod', 42)).rejects.toThrow(/a secret value is a string/);
    await expect(call('studio:save-file', 1, 'x')).rejects.toThrow(/save-file needs/);
    await call('studio:secret-set', 'remote:prod', 'tok');
    expect(secrets.set).toHaveBeenCalledWith('remote:prod', 'tok');
    await expect(call('studio:capabilities')).resolves.toEqual({ nativeDialogs: true, secretStore: true });
  });
});

describe('quit order', () => {
  it('holds the first quit until the core has stopped, then quits once', async () => {
    const app = new EventEmitter() as EventEmitter & { quit: () => void };
    const order: string[] = [];
    let finishStop!: () => void;
    const core = { stop: vi.fn(() => new Promise<void>((r) => (finishStop = () => (order.push('core stopped'), r())))) };
    app.quit = vi.fn(() => {
      order.push('quit');
      const event = { preventDefault: vi.fn() };
      app.emit('before-quit', event);
      if (!event.preventDefault.mock.calls.length) order.push('exited');
    });
    stopCoreBeforeQuit(app as any, core);
    const first = { preventDefault: vi.fn() };
    app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    app.emit('before-quit', { preventDefault: vi.fn() }); // a second Cmd+Q while stopping
    expect(core.stop).toHaveBeenCalledTimes(1);
    expect(order).toEqual([]);
    finishStop();
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual(['core stopped', 'quit', 'exited']);
  });
});

describe('application menu', () => {
  it('has File/Edit/View/Help, sends commands, and shows devtools only in development', () => {
    const commands: string[] = [];
    const deps = { command: (c: string) => commands.push(c), openFolder: vi.fn(), dataDir: '/d', logFile: '/d/logs/studio.log', devTools: false, about: vi.fn() };
    const template = menuTemplate(deps as any);
    const labels = template.map((m) => m.label ?? m.role);
    expect(labels).toEqual(expect.arrayContaining(['File', 'editMenu', 'View', 'Help']));
    const file = template.find((m) => m.label === 'File')!.submenu as any[];
    file.filter((i) => i.click).forEach((i) => i.click());
    expect(commands).toEqual(['new-transformation', 'new-library', 'import-events', 'export-events']);
    expect(file.filter((i) => i.label).map((i) => i.label)).toEqual(['New Transformation', 'New Library', 'Open Folder…', 'Import Events…', 'Export Events…']);
    expect(file.find((i) => i.label === 'Open Folder…').accelerator).toBe('CmdOrCtrl+O');
    expect(deps.openFolder).toHaveBeenCalledTimes(1);
    const view = (m: any[]) => (m.find((x) => x.label === 'View').submenu as any[]).map((i) => i.role);
    expect(view(template)).not.toContain('toggleDevTools');
    expect(view(menuTemplate({ ...deps, devTools: true } as any))).toContain('toggleDevTools');
    const help = (template.find((m) => m.label === 'Help')!.submenu as any[]).map((i) => i.label).filter(Boolean);
    expect(help).toEqual(['Open Data Folder', 'Show Logs', 'About Transformation Studio']);
  });
});
