import { StudioError } from '../errors';
import { DEFAULT_SANDBOX_SETTINGS, validateSandboxSettings, type SandboxSettings } from '../../shared/api/sandbox-settings';
import type { SettingsRepo } from './settings-repo';

// The sandbox settings as stored (under the "sandbox" settings key), next to their repository.

export const SANDBOX_SETTINGS_KEY = 'sandbox';

/** Stored settings merged over the defaults; unreadable stored values fall back to the defaults. */
export function readSandboxSettings(settings: SettingsRepo): SandboxSettings {
  const stored = settings.get<Partial<SandboxSettings> | null>(SANDBOX_SETTINGS_KEY, null);
  const merged = { ...DEFAULT_SANDBOX_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  return validateSandboxSettings(merged) === null ? merged : DEFAULT_SANDBOX_SETTINGS;
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
