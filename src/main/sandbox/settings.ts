import { StudioError } from '../errors';
import type { SettingsRepo } from '../store/settings-repo';

/** Sandbox settings the user can change (stored under the "sandbox" settings key). */
export interface SandboxSettings {
  /** Let fetch/fetchV2 reach private and loopback addresses (local testing only). */
  allowPrivateNetwork: boolean;
  /** Base URL of the geolocation service (`<url>/geoip/<ip>`); null: geolocation unavailable. */
  geolocationUrl: string | null;
  memoryLimitMb: number;
  timeoutMs: number;
}

export const SANDBOX_SETTINGS_KEY = 'sandbox';

export const DEFAULT_SANDBOX_SETTINGS: SandboxSettings = {
  allowPrivateNetwork: false,
  geolocationUrl: null,
  memoryLimitMb: 128,
  timeoutMs: 4000,
};

/** Sum of the memory limits of the warm isolates kept idle (MB); the oldest are disposed beyond it. */
export const DEFAULT_MEMORY_BUDGET_MB = 512;
/** A warm isolate unused this long is disposed. */
export const DEFAULT_IDLE_EVICT_MS = 5 * 60_000;

export const SETTINGS_RANGES = {
  // One isolate may use at most the whole warm-pool budget.
  memoryLimitMb: { min: 16, max: DEFAULT_MEMORY_BUDGET_MB },
  timeoutMs: { min: 100, max: 60_000 },
} as const;

/** Stored settings merged over the defaults; unreadable stored values fall back to the defaults. */
export function readSandboxSettings(settings: SettingsRepo): SandboxSettings {
  const stored = settings.get<Partial<SandboxSettings> | null>(SANDBOX_SETTINGS_KEY, null);
  const merged = { ...DEFAULT_SANDBOX_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  return validateSandboxSettings(merged) === null ? merged : DEFAULT_SANDBOX_SETTINGS;
}

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

export function writeSandboxSettings(settings: SettingsRepo, value: SandboxSettings): void {
  settings.set(SANDBOX_SETTINGS_KEY, value);
}

/** Applies a partial change (fields left out keep their value; an empty geolocation URL means none); 400 when invalid. */
export function updateSandboxSettings(settings: SettingsRepo, patch: Partial<SandboxSettings>): SandboxSettings {
  const next = { ...readSandboxSettings(settings), ...patch };
  if (typeof next.geolocationUrl === 'string' && next.geolocationUrl.trim() === '') next.geolocationUrl = null;
  const problem = validateSandboxSettings(next);
  if (problem) throw new StudioError('validation', problem);
  writeSandboxSettings(settings, next);
  return next;
}
