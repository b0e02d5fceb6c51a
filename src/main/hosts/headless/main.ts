import { resolve } from 'node:path';
import { credentialsFromEnv } from '../../security/credentials';
import { HEADLESS_USAGE, parseHeadlessArgs, type HeadlessArgs } from './args';
import { defaultDataDir, useCompileCache } from '../paths';
import { startStudio, type Studio } from '../../studio';
import { loginUrl, printBanner } from './banner';
import { READY_PREFIX } from './ready-line';
import { DEFAULT_PORT, rememberPort, rememberedPort } from './remembered-port';
import { printStartupTrace } from '../startup-trace';

/** Headless host: the same core in plain Node, serving the renderer to any browser. */
async function main(): Promise<void> {
  useCompileCache();
  let args: HeadlessArgs;
  try {
    args = parseHeadlessArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HEADLESS_USAGE}`);
    process.exit(2);
  }
  if (args.help) {
    console.log(HEADLESS_USAGE);
    return;
  }
  if (args.host !== '127.0.0.1' && args.host !== 'localhost') {
    console.error(
      `warning: binding to ${args.host}: the studio is reachable from other machines. Anyone with the credentials can read and change your data.`,
    );
  }
  const dataDir = resolve(args.dataDir ?? defaultDataDir());
  // The desktop supervisor passes the session secret through the environment (never argv).
  const sessionToken = process.env.STUDIO_SESSION_TOKEN || undefined;
  delete process.env.STUDIO_SESSION_TOKEN;
  // The master key too: kept out of the environment of every process the core starts.
  const masterKey = process.env.STUDIO_MASTER_KEY || undefined;
  delete process.env.STUDIO_MASTER_KEY;
  let studio: Studio;
  // Not asked for a port: the one this data folder used last (a stable origin), else a free one when it is taken.
  const port = args.port ?? rememberedPort(dataDir) ?? DEFAULT_PORT;
  const start = (listenOn: number) =>
    startStudio({
      dataDir,
      host: args.host,
      port: listenOn,
      credentials: credentialsFromEnv(),
      allowHosts: args.allowHosts,
      sessionToken,
      masterKey,
      prestartSandbox: true,
      oneShot: args.oneShot,
      ...(args.workspace ? { workspace: { root: resolve(args.workspace), ...(args.workspaceMeta ? { meta: resolve(args.workspaceMeta) } : {}) } } : {}),
    });
  try {
    try {
      studio = await start(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || args.port !== undefined) throw error;
      console.error(`port ${port} is in use: listening on a free port instead (remembered for this data folder)`);
      studio = await start(0);
    }
    rememberPort(dataDir, Number(new URL(studio.url).port));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    console.error(e.code === 'EADDRINUSE' ? `port ${port} is in use: pick another with --port N (0 picks a free one)` : e.message);
    process.exit(1);
  }
  printBanner(studio, 'headless');
  printStartupTrace();
  // The supervisor's handshake: one machine-readable line after the URL line.
  if (process.env.STUDIO_SUPERVISED === '1') console.log(`${READY_PREFIX}${JSON.stringify({ url: studio.url, email: studio.bootstrap.email, pid: process.pid })}`);
  if (args.open) {
    const { openInBrowser } = await import('./open-browser');
    const opened = await openInBrowser(loginUrl(studio));
    console.log(opened ? 'Opened the UI in your browser.' : 'No browser could be opened: open the URL above yourself.');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    studio
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
