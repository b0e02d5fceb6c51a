import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const binaryName = (platform: NodeJS.Platform) => join('bin', platform === 'win32' ? 'node.exe' : 'node');

/**
 * The Node binary that runs the core: in a packaged app the one shipped in resources/node,
 * in development the one the project carries (the registry's `node` package), and under plain
 * Node (tests, the headless host) the running binary itself.
 */
export function carriedNodeBinary(options: { resourcesPath?: string; platform?: NodeJS.Platform; packaged?: boolean } = {}): string {
  const platform = options.platform ?? process.platform;
  if (options.packaged && options.resourcesPath) return join(options.resourcesPath, 'node', binaryName(platform));
  if (!process.versions.electron) return process.execPath;
  const dir = dirname(createRequire(import.meta.url).resolve('node/package.json'));
  const binary = join(dir, binaryName(platform));
  if (!existsSync(binary)) throw new Error(`The carried Node runtime is missing (${binary}): run \`npm install\`.`);
  return binary;
}
