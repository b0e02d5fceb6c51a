import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { credentialsFromEnv } from './credentials';
import { printBanner } from './banner';
import { defaultDataDir } from './paths';
import { registerIpc } from './desktop/ipc';
import { openMainWindow } from './desktop/window';
import { startStudio, type Studio } from './studio';

// isolated-vm on Node 20+ needs the startup snapshot off; Electron forwards js-flags to V8.
app.commandLine.appendSwitch('js-flags', '--no-node-snapshot');

const here = dirname(fileURLToPath(import.meta.url));
let studio: Studio | undefined;

async function main(): Promise<void> {
  await app.whenReady();
  studio = await startStudio({
    // Same folder as the headless host, so both hosts see the same data.
    dataDir: process.env.STUDIO_DATA_DIR ?? defaultDataDir(),
    credentials: credentialsFromEnv(),
    rendererDir: join(here, '../renderer'),
  });
  printBanner(studio, 'desktop');
  registerIpc({ baseUrl: studio.url, email: studio.bootstrap.email, sessionToken: studio.sessionToken });
  openMainWindow(studio.url, join(here, '../preload'));
  app.on('window-all-closed', () => app.quit());
}

app.on('before-quit', () => {
  void studio?.close();
});

main().catch((error: unknown) => {
  console.error(error);
  app.exit(1);
});
