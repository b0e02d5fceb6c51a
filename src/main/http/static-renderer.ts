import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { compressedStaticOptions } from './static-caching';

/** Serves the built renderer at `/` (hash routing, so no path collides with the APIs). */
export async function registerRenderer(app: FastifyInstance, rendererDir: string | undefined): Promise<void> {
  if (rendererDir && existsSync(join(rendererDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: rendererDir,
      prefix: '/',
      // One wildcard route, not one per file found at start (glob + ~160 routes: bench/startup.mjs).
      wildcard: true,
      index: ['index.html'],
      preCompressed: compressedStaticOptions.preCompressed,
      cacheControl: compressedStaticOptions.cacheControl,
      setHeaders: (res, filePath) => {
        compressedStaticOptions.setCacheHeaders(res, filePath);
        res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
        res.setHeader('X-Content-Type-Options', 'nosniff');
      },
    });
    return;
  }
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html')
      .send('<!doctype html><title>Transformation Studio</title><p>The user interface is not built. Run <code>npm run build</code>.</p>'),
  );
}
