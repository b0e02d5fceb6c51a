// Lays out the core the way the packaged desktop app ships it in its resources folder:
//   <target>/core/out/main/headless.js (+ chunks)   the core bundle (the same one `npm run serve` runs)
//   <target>/core/out/renderer/                     the UI it serves
//   <target>/core/node_modules/                      only the packages the core imports, with their
//                                                    dependencies (native ones with their prebuilt
//                                                    binaries for every platform: Node-API / Node ABI)
//   <target>/node/bin/node[.exe]                     the Node runtime the project carries
// Used by `npm run desktop:package` (as electron-builder's extraResources) and by the test that
// starts the core from such a folder exactly as the supervisor does.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const NATIVE = ['better-sqlite3', 'isolated-vm'];
const SPECIFIER = /(?:^|[;\n])\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([^"'./][^"']*)["']|\bimport\s*\(\s*["']([^"'./][^"']*)["']\s*\)|\brequire\s*\(\s*["']([^"'./][^"']*)["']\s*\)|\bcreateRequire\([^)]*\)\s*\(\s*["']([^"'./][^"']*)["']\s*\)/g;
const PACKAGE = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

const packageName = (specifier: string): string => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);

/** Bare packages the built core imports (node: built-ins and electron excluded). */
export function importedPackages(outMain: string): string[] {
  const names = new Set<string>(NATIVE);
  const files = readdirSync(outMain, { recursive: true }).filter((f) => String(f).endsWith('.js'));
  for (const file of files) {
    const text = readFileSync(join(outMain, String(file)), 'utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = (match[1] ?? match[2] ?? match[3] ?? match[4])!;
      if (specifier.startsWith('node:')) continue;
      const name = packageName(specifier);
      if (PACKAGE.test(name) && name !== 'electron' && !builtinModules.includes(name)) names.add(name);
    }
  }
  return [...names].sort();
}

/** Package directories (absolute) of `names` and everything they depend on, as Node resolves them. */
export function dependencyClosure(root: string, names: string[]): string[] {
  const dirs = new Set<string>();
  const visit = (name: string, fromDir: string): void => {
    let pkgJson = '';
    try {
      pkgJson = createRequire(join(fromDir, 'noop.js')).resolve(`${name}/package.json`);
    } catch {
      // packages whose exports hide package.json: find the folder by walking node_modules
      let dir = fromDir;
      for (;;) {
        const candidate = join(dir, 'node_modules', name, 'package.json');
        if (existsSync(candidate)) {
          pkgJson = candidate;
          break;
        }
        const parent = dirname(dir);
        if (parent === dir) throw new Error(`cannot resolve ${name} from ${fromDir}`);
        dir = parent;
      }
    }
    const dir = dirname(pkgJson);
    if (dirs.has(dir)) return;
    dirs.add(dir);
    const manifest = JSON.parse(readFileSync(pkgJson, 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    for (const dep of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      try {
        visit(dep, dir);
      } catch (error) {
        if (!(manifest.optionalDependencies ?? {})[dep]) throw error;
      }
    }
  };
  for (const name of names) visit(name, root);
  return [...dirs].sort();
}

/** Writes the layout under `target`; returns what it holds. */
export interface CoreLayout {
  core: string;
  entry: string;
  node: string;
  packages: string[];
}

export function layoutCore({ root, target, nodeBinary, platform = process.platform }: { root: string; target: string; nodeBinary: string; platform?: NodeJS.Platform }): CoreLayout {
  const outMain = join(root, 'out', 'main');
  if (!existsSync(join(outMain, 'headless.js'))) throw new Error('out/main/headless.js is missing: run `npm run build` first');
  const core = join(target, 'core');
  mkdirSync(core, { recursive: true });
  cpSync(outMain, join(core, 'out', 'main'), { recursive: true });
  cpSync(join(root, 'out', 'renderer'), join(core, 'out', 'renderer'), { recursive: true });
  writeFileSync(join(core, 'package.json'), JSON.stringify({ name: 'transformation-studio-core', private: true, type: 'module' }, null, 2));
  const packages = dependencyClosure(root, importedPackages(outMain));
  for (const dir of packages) {
    cpSync(dir, join(core, relative(root, dir)), {
      recursive: true,
      dereference: true,
      // nested node_modules are laid out on their own (only the ones in the closure)
      filter: (source) => source === dir || !relative(dir, source).split(/[\\/]/).includes('node_modules'),
    });
  }
  const nodeName = platform === 'win32' ? 'node.exe' : 'node';
  const node = join(target, 'node', 'bin', nodeName);
  mkdirSync(dirname(node), { recursive: true });
  cpSync(nodeBinary, node, { dereference: true });
  return { core, entry: join(core, 'out', 'main', 'headless.js'), node, packages: packages.map((d) => relative(root, d)) };
}
