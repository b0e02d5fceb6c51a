// Only when the core runs from its TypeScript sources (Vitest): a sandbox process started on the
// .ts entry resolves the sources' extensionless relative imports ('./run' -> './run.ts').
// Built apps fork the bundled entry and never load this file.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    // Only imports of the sources themselves (a package's own relative requires are its business).
    const fromSource = context.parentURL?.endsWith('.ts') ?? false;
    if (fromSource && (specifier.startsWith('./') || specifier.startsWith('../')) && !/\.[cm]?[jt]sx?$|\.json$/.test(specifier)) {
      try {
        return nextResolve(`${specifier}.ts`, context);
      } catch {
        return nextResolve(`${specifier}/index.ts`, context);
      }
    }
    return nextResolve(specifier, context);
  },
});
