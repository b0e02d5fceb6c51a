import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../../store';
import { readSandboxSettings, updateSandboxSettings } from '../../store/sandbox-settings';
import { SETTINGS_RANGES } from '../../../shared/api/sandbox-settings';
import { sandboxErrorResponses } from './sandbox-schemas';
import { typedRoutes } from './typed-routes';

const { memoryLimitMb: mem, timeoutMs: time } = SETTINGS_RANGES;
const fields = {
  allowPrivateNetwork: Type.Boolean({ description: 'Let fetch/fetchV2 reach private and loopback addresses (local testing only; default false)' }),
  geolocationUrl: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { description: 'Base URL of the geolocation service (<url>/geoip/<ip>); null: none' }),
  memoryLimitMb: Type.Integer({ minimum: mem.min, maximum: mem.max, description: 'Isolate memory limit (default 128)' }),
  timeoutMs: Type.Integer({ minimum: time.min, maximum: time.max, description: 'Execution time limit per batch (default 4000)' }),
};
const Settings = Type.Object(fields);
const PutBody = Type.Partial(Type.Object(fields), { additionalProperties: false });

/** GET/PUT /studio/api/settings/sandbox: limits, private network access, geolocation service. */
export const sandboxSettingsRoutes =
  (settings: Store['settings']): FastifyPluginAsync =>
  typedRoutes((app) => {
    const tags = ['settings'];
    app.get(
      '/studio/api/settings/sandbox',
      { schema: { tags, summary: 'Sandbox settings', response: { 200: Settings, ...sandboxErrorResponses } } },
      async () => readSandboxSettings(settings),
    );
    app.put(
      '/studio/api/settings/sandbox',
      { schema: { tags, summary: 'Change sandbox settings (fields left out keep their value)', body: PutBody, response: { 200: Settings, ...sandboxErrorResponses } } },
      async (request) => updateSandboxSettings(settings, request.body),
    );
  });
