// The sandbox settings the user can change (GET/PUT /studio/api/settings/sandbox): shape,
// defaults, ranges and the check of a whole settings object, one definition for the core's store,
// its sandbox, the settings service, the routes and the renderer.
import { Type, type Static } from 'typebox';

/** Sum of the memory limits of the warm isolates kept idle (MB): the sandbox's default budget. */
export const DEFAULT_MEMORY_BUDGET_MB = 512;

export const SETTINGS_RANGES = {
  // One isolate may use at most the whole warm-pool budget.
  memoryLimitMb: { min: 16, max: DEFAULT_MEMORY_BUDGET_MB },
  timeoutMs: { min: 100, max: 60_000 },
} as const;

const { memoryLimitMb: mem, timeoutMs: time } = SETTINGS_RANGES;
const fields = {
  allowPrivateNetwork: Type.Boolean({ description: 'Let fetch/fetchV2 reach private and loopback addresses (local testing only; default false)' }),
  geolocationUrl: Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], { description: 'Base URL of the geolocation service (<url>/geoip/<ip>); null: none' }),
  memoryLimitMb: Type.Integer({ minimum: mem.min, maximum: mem.max, description: 'Isolate memory limit (default 128)' }),
  timeoutMs: Type.Integer({ minimum: time.min, maximum: time.max, description: 'Execution time limit per batch (default 4000)' }),
};
/** Sandbox settings the user can change (stored under the "sandbox" settings key). */
export const SandboxSettings = Type.Object(fields);
export type SandboxSettings = Static<typeof SandboxSettings>;
/** A change of the sandbox settings: fields left out keep their value. */
export const SandboxSettingsPatch = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type SandboxSettingsPatch = Static<typeof SandboxSettingsPatch>;


export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  allowPrivateNetwork: false,
  geolocationUrl: null,
  memoryLimitMb: 128,
  timeoutMs: 4000,
};

/** The first problem of a settings object, in words that say what to fix; null when valid. */
export function validateSandboxSettings(value: SandboxSettings): string | null {
  const { memoryLimitMb: mem, timeoutMs: time } = SETTINGS_RANGES;
  if (typeof value.allowPrivateNetwork !== 'boolean') return 'allowPrivateNetwork must be true or false';
  if (!Number.isInteger(value.memoryLimitMb) || value.memoryLimitMb < mem.min || value.memoryLimitMb > mem.max) {
    return `memoryLimitMb must be a whole number from ${mem.min} to ${mem.max} (${mem.max} MB is the largest memory limit of one isolate)`;
  }
  if (!Number.isInteger(value.timeoutMs) || value.timeoutMs < time.min || value.timeoutMs > time.max) {
    return `timeoutMs must be a whole number from ${time.min} to ${time.max}`;
  }
  if (value.geolocationUrl !== null) {
    if (typeof value.geolocationUrl !== 'string') return 'geolocationUrl must be a URL or null';
    let url: URL;
    try {
      url = new URL(value.geolocationUrl);
    } catch {
      return `geolocationUrl is not a valid URL: ${value.geolocationUrl}`;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'geolocationUrl must start with http:// or https://';
  }
  return null;
}
