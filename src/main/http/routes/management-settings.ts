import type { FastifyPluginAsync } from 'fastify';
import { ManagementSettings, ManagementSettingsPatch } from '../../../shared/api/settings';
import type { SettingsService } from '../../settings/settings-service';
import { typedRoutes } from './typed-routes';
import { errorResponses } from './error-responses';

/** GET/PUT /studio/api/settings/management: limits of the management API. */
export const managementSettingsRoutes =
  (settings: SettingsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['settings'];
    app.get('/studio/api/settings/management', { schema: { tags, summary: 'Management API settings', response: { 200: ManagementSettings, ...errorResponses } } }, async () =>
      settings.management(),
    );
    app.put(
      '/studio/api/settings/management',
      { schema: { tags, summary: 'Change management API settings (fields left out keep their value)', body: ManagementSettingsPatch, response: { 200: ManagementSettings, ...errorResponses } } },
      async (request) => settings.updateManagement(request.body),
    );
  });
