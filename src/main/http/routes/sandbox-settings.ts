import type { FastifyPluginAsync } from 'fastify';
import { SandboxSettings, SandboxSettingsPatch } from '../../../shared/api/sandbox-settings';
import type { SettingsService } from '../../settings/settings-service';
import { typedRoutes } from './typed-routes';
import { sandboxErrorResponses } from './error-responses';

/** GET/PUT /studio/api/settings/sandbox: limits, private network access, geolocation service. */
export const sandboxSettingsRoutes =
  (settings: SettingsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['settings'];
    app.get('/studio/api/settings/sandbox', { schema: { tags, summary: 'Sandbox settings', response: { 200: SandboxSettings, ...sandboxErrorResponses } } }, async () => settings.sandbox());
    app.put(
      '/studio/api/settings/sandbox',
      { schema: { tags, summary: 'Change sandbox settings (fields left out keep their value)', body: SandboxSettingsPatch, response: { 200: SandboxSettings, ...sandboxErrorResponses } } },
      async (request) => settings.updateSandbox(request.body),
    );
  });
