import type { FastifyPluginAsync } from 'fastify';
import type { PublishService } from '../../management/publish-service';
import { PublishFailure, PublishRequest as PublishBody, PublishResult, TestResponse } from '../../../shared/api/management';
import { typedRoutes } from './typed-routes';
import { errorResponses } from './error-responses';

const tags = ['publish'];

/** POST /transformations/libraries/publish and …/test: server-side tests, then an all-or-nothing publish. */
export const publishRoutes =
  (service: PublishService): FastifyPluginAsync =>
  typedRoutes((app) => {
    // rudder-cli sends "versionID"; the hosted API accepts it as "versionId".
    app.addHook('preValidation', async (request) => {
      const body = request.body as { transformations?: unknown; libraries?: unknown } | null;
      if (!body || typeof body !== 'object') return;
      for (const list of [body.transformations, body.libraries]) {
        if (!Array.isArray(list)) continue;
        for (const entry of list as Record<string, unknown>[]) {
          if (entry && typeof entry === 'object' && entry.versionId === undefined && typeof entry.versionID === 'string') entry.versionId = entry.versionID;
        }
      }
    });

    app.post(
      '/transformations/libraries/publish',
      {
        schema: {
          tags,
          summary: 'Test and publish transformation and library versions (all or nothing)',
          body: PublishBody,
          response: { ...errorResponses, 200: PublishResult, 400: PublishFailure },
        },
      },
      async (request) => service.publish(request.body),
    );

    app.post(
      '/transformations/libraries/test',
      {
        schema: {
          tags,
          summary: 'Run the publish tests without publishing',
          body: PublishBody,
          response: { 200: TestResponse, ...errorResponses },
        },
      },
      async (request) => service.test(request.body),
    );
  });
