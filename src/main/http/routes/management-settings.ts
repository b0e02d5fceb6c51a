import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../../store';
import { DEFAULT_MAX_CODE_BYTES, MAX_CODE_BYTES_SETTING, maxCodeBytes } from '../../management/input';
import { errorResponses } from './management-schemas';
import { typedRoutes } from './typed-routes';

const Settings = Type.Object({
  maxCodeBytes: Type.Integer({
    minimum: 1,
    maximum: 4 * 1024 * 1024,
    description: `Largest accepted code of a transformation or library version, in UTF-8 bytes (default ${DEFAULT_MAX_CODE_BYTES})`,
  }),
});
const PutBody = Type.Partial(Settings, { additionalProperties: false });

/** GET/PUT /studio/api/settings/management: limits of the management API. */
export const managementSettingsRoutes =
  (settings: Store['settings']): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['settings'];
    const read = () => ({ maxCodeBytes: maxCodeBytes(settings) });
    app.get('/studio/api/settings/management', { schema: { tags, summary: 'Management API settings', response: { 200: Settings, ...errorResponses } } }, async () => read());
    app.put(
      '/studio/api/settings/management',
      { schema: { tags, summary: 'Change management API settings (fields left out keep their value)', body: PutBody, response: { 200: Settings, ...errorResponses } } },
      async (request) => {
        if (request.body.maxCodeBytes !== undefined) settings.set(MAX_CODE_BYTES_SETTING, request.body.maxCodeBytes);
        return read();
      },
    );
  });
