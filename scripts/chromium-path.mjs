// Which of Debian's Chromium builds the end-to-end tests drive: CHROMIUM_PATH when set, else the
// headless shell (package chromium-headless-shell: the same engine, no desktop browser around it),
// else the full browser (package chromium).
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) || !existsSync(CHROMIUM) ? HEADLESS_SHELL : CHROMIUM;
}
