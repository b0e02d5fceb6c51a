// electron-builder configuration for the desktop app. `npm run desktop:package` prepares its
// inputs first (see scripts/desktop-package.mjs):
//   dist/app/                    the Electron app itself: out/main (supervisor, window, menu), out/preload
//                                and a package.json without dependencies: nothing native in the asar
//   dist/resources/<os>-<arch>/  the core: core/out/main/headless.js, core/out/renderer, the core's
//                                node_modules with the native modules built for Node (not Electron),
//                                node/bin/node[.exe]: the same Node version the project carries
// At run time the supervisor starts <resources>/node/bin/node <resources>/core/out/main/headless.js.
/** @type {import('electron-builder').Configuration} */
export default {
  appId: 'dev.transformation-studio.desktop',
  productName: 'Transformation Studio',
  directories: { app: 'dist/app', output: 'dist/desktop', buildResources: 'resources' },
  // The native modules belong to the core (plain Node), never to Electron: nothing to rebuild.
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  asar: true,
  // The app declares no dependencies; without the exclusion electron-builder would fall back to the
  // project's node_modules (the core's packages live in resources/core, built for Node).
  files: ['out/main/**', 'out/preload/**', 'package.json', '!**/node_modules/**'],
  extraResources: [{ from: 'dist/resources/${os}-${arch}', to: '.', filter: ['**/*'] }],
  icon: 'resources/icon.png',
  linux: { target: ['AppImage', 'deb'], category: 'Development', maintainer: 'Transformation Studio maintainers' },
  deb: { depends: ['libnss3', 'libgtk-3-0', 'libxss1', 'libasound2'] },
  mac: { target: [{ target: 'dmg', arch: ['arm64', 'x64'] }], category: 'public.app-category.developer-tools' },
  win: { target: [{ target: 'nsis', arch: ['x64'] }] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
};
