// Only when the core runs from its TypeScript sources (Vitest): a sandbox process started on the
// .ts entry resolves the sources' extensionless relative imports ('./run' -> './run.ts') and
// vite's `?raw` imports (a file's text: the isolate's runtime, isolate/runtime/*.js).
// Built apps fork the bundled entry and never load this file.
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    // Only imports of the sources themselves (a package's own relative requires are its business).
    const fromSource = context.parentURL?.endsWith('.ts') ?? false;
    if (fromSource && specifier.endsWith('?raw')) return { url: new URL(specifier, context.parentURL).href, shortCircuit: true };
    if (fromSource && (specifier.startsWith('./') || specifier.startsWith('../')) && !/\.[cm]?[jt]sx?$|\.json$/.test(specifier)) {
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        return nextResolve(`${specifier}/index.ts`, context);
      }
    }
    return nextResolve(specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.endsWith('?raw')) return nextLoad(url, context);
    const text = readFileSync(fileURLToPath(url.slice(0, -'?raw'.length)), 'utf8');
    return { format: 'module', source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
  },
});
