import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The port the headless host listens on when none is asked for and none is remembered. */
export const DEFAULT_PORT = 8920;
const FILE = 'headless-port';

/**
 * The port this data folder's host listened on last time (as the desktop host remembers its
 * own): the same port means the same origin for the UI in the browser.
 */
export function rememberedPort(dataDir: string): number | undefined {
  try {
    const port = Number(readFileSync(join(dataDir, FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port <= 65535 ? port : undefined;
  } catch {
    return undefined;
  }
}

export function rememberPort(dataDir: string, port: number): void {
  try {
    writeFileSync(join(dataDir, FILE), `${port}\n`, { mode: 0o600 });
  } catch {
    // Not remembered: the next start picks the default again.
  }
}
