import type { ManagementSettings, ManagementSettingsPatch } from '../../shared/api/settings';
import type { SandboxSettings, SandboxSettingsPatch } from '../../shared/api/sandbox-settings';
import { MAX_CODE_BYTES_SETTING, maxCodeBytes } from '../management/input';
import type { Store } from '../store';
import { readSandboxSettings, updateSandboxSettings } from '../store/sandbox-settings';

/** The studio's settings: the sandbox's limits and network access, the management API's limits. */
export function createSettingsService(settings: Store['settings']) {
  const management = (): ManagementSettings => ({ maxCodeBytes: maxCodeBytes(settings) });
  return {
    /** Stored sandbox settings over the defaults (what every run uses). */
    sandbox: (): SandboxSettings => readSandboxSettings(settings),
    /** Fields left out keep their value; an empty geolocation URL means none; 400 when invalid. */
    updateSandbox: (patch: SandboxSettingsPatch): SandboxSettings => updateSandboxSettings(settings, patch),
    management,
    updateManagement(patch: ManagementSettingsPatch): ManagementSettings {
      if (patch.maxCodeBytes !== undefined) settings.set(MAX_CODE_BYTES_SETTING, patch.maxCodeBytes);
      return management();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
