

/** Fingerprinted build output (Vite names them `assets/<name>-<hash>.<ext>`). */
const FINGERPRINTED = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

/**
 * Cache policy of the renderer's files: fingerprinted assets never change under their name, so
 * browsers keep them a year without asking; everything else (index.html above all) is revalidated
 * on every load so a new build is picked up at once.
 */
export function cacheControlFor(filePath: string): string {
  return FINGERPRINTED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Options for @fastify/static: serve the `.br`/`.gz` files written at build time, our own Cache-Control. */
export const compressedStaticOptions = {
  preCompressed: true,
  cacheControl: false,
  setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, filePath: string): void {
    res.setHeader('Cache-Control', cacheControlFor(filePath));
  },
} as const;
