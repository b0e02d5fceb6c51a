import { app, BrowserWindow, dialog } from 'electron';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../paths';
import { CoreSupervisor, type CoreState } from '../supervisor/core-supervisor';
import { carriedNodeBinary, coreEntry } from '../supervisor/node-runtime';
import { registerIpc, type DesktopSession } from './ipc';
import { installMenu } from './menu';
import { openFolderFromMenu } from './open-folder';
import { createSecretStore } from './secret-store';
import { openMainWindow } from './window';
import { readWindowBounds, writeWindowBounds } from './window-state';
import { stopCoreBeforeQuit } from './lifecycle';
import { statusPage } from './status-page';

// The Electron main process only supervises: the core (HTTP, SQLite, isolated-vm) runs as a
// plain-Node child process started from the same bundle `npm run serve` runs.

const here = dirname(fileURLToPath(import.meta.url));
const devTools = !app.isPackaged;

export interface DesktopPaths {
  entry: string;
  preloadFile: string;
  nodePath: string;
}

export function desktopPaths(): DesktopPaths {
  return {
    entry: coreEntry({ mainDir: here, packaged: app.isPackaged, resourcesPath: process.resourcesPath }),
    preloadFile: join(here, '../preload/index.cjs'),
    nodePath: carriedNodeBinary({ packaged: app.isPackaged, resourcesPath: process.resourcesPath }),
  };
}

/** The core's master key (secrets at rest), kept in the OS secret store; created on first launch. */
export function masterKey(secrets: ReturnType<typeof createSecretStore>): Record<string, string> {
  if (!secrets.available()) return {};
  let key = secrets.get('core-master-key');
  if (!key) {
    key = randomBytes(32).toString('base64');
    secrets.set('core-master-key', key);
  }
  return { STUDIO_MASTER_KEY: key };
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  await app.whenReady();
  const dataDir = process.env.STUDIO_DATA_DIR ?? defaultDataDir();
  const paths = desktopPaths();
  const secrets = createSecretStore(join(app.getPath('userData'), 'secrets.json'));
  const boundsFile = join(app.getPath('userData'), 'window-state.json');
  const sessionToken = randomBytes(32).toString('base64url');
  const supervisor = new CoreSupervisor({
    nodePath: paths.nodePath,
    entry: paths.entry,
    dataDir,
    sessionToken,
    env: masterKey(secrets),
    portFile: join(app.getPath('userData'), 'core-port'),
  });
  let session: DesktopSession | undefined;
  let window: BrowserWindow | undefined;
  registerIpc({ session: () => session, secrets });
  installMenu({
    command: (command) => window?.webContents.send('studio:menu', command),
    openFolder: () =>
      void openFolderFromMenu({
        pickFolder: async () => (await dialog.showOpenDialog({ title: 'Open a repository folder (meta.json)', properties: ['openDirectory'] })).filePaths[0],
        session: () => session,
        showError: (title, message) => dialog.showErrorBox(title, message),
        opened: () => window?.webContents.send('studio:menu', 'folder-opened'),
      }),
    dataDir,
    logFile: supervisor.logFile,
    devTools,
    about: () =>
      void dialog.showMessageBox({
        title: 'About Transformation Studio',
        message: `Transformation Studio ${app.getVersion()}`,
        detail: `Electron ${process.versions.electron}\nChromium ${process.versions.chrome}\nCore on Node (carried runtime): ${paths.nodePath}\nData folder: ${dataDir}`,
      }),
  });

  supervisor.on('state', (state: CoreState) => {
    if (state.kind === 'ready') {
      const reconnect = session !== undefined;
      session = { baseUrl: state.url, email: state.email, sessionToken };
      if (!window) {
        window = openMainWindow({ origin: state.url, preloadFile: paths.preloadFile, bounds: readWindowBounds(boundsFile), devTools });
        window.on('close', () => window && writeWindowBounds(boundsFile, window.getBounds()));
        window.on('closed', () => (window = undefined));
      } else if (reconnect) void window.loadURL(`${state.url}/`);
    } else if (window && (state.kind === 'restarting' || state.kind === 'failed')) {
      void window.loadURL(statusPage(state));
    }
  });
  try {
    await supervisor.start();
  } catch (error) {
    const state = supervisor.state;
    dialog.showErrorBox(
      'Transformation Studio could not start',
      `${(error as Error).message}\n\n${state.kind === 'failed' ? state.logTail.slice(-15).join('\n') : ''}\n\nLogs: ${supervisor.logFile}`,
    );
    app.exit(1);
    return;
  }

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  stopCoreBeforeQuit(app, supervisor);
}

main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
