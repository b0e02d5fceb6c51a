import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Registers the OpenAPI generator; must run before routes so their schemas are collected. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Transformation Studio',
        description:
          'Local instance of the transformation and library management API, the event collection API, and the studio API.',
        version,
      },
      components: {
        securitySchemes: {
          management: { type: 'http', scheme: 'basic', description: 'e-mail : access token' },
          writeKey: { type: 'http', scheme: 'basic', description: 'write key : (empty)' },
        },
      },
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
