import type { Success } from '../../shared/api/common';
import type { SandboxSettings, SandboxSettingsPatch } from '../../shared/api/sandbox-settings';
import type { Credential, CredentialList, ManagementSettings, ManagementSettingsPatch, RetentionSettings } from '../../shared/api/settings';
import { request } from './client';

export type { Credential, ManagementSettings, RetentionSettings } from '../../shared/api/settings';
export type { SandboxSettings } from '../../shared/api/sandbox-settings';

const key = (value: string) => encodeURIComponent(value);

/** Credentials for getCredential(key) and the studio's settings. */
export const settingsApi = {
  credentials: () => request<CredentialList>('GET', '/studio/api/credentials'),
  putCredential: (name: string, value: string) => request<Credential>('PUT', `/studio/api/credentials/${key(name)}`, { value }),
  deleteCredential: (name: string) => request<Success>('DELETE', `/studio/api/credentials/${key(name)}`),
  sandbox: () => request<SandboxSettings>('GET', '/studio/api/settings/sandbox'),
  putSandbox: (body: SandboxSettingsPatch) => request<SandboxSettings>('PUT', '/studio/api/settings/sandbox', body),
  management: () => request<ManagementSettings>('GET', '/studio/api/settings/management'),
  putManagement: (body: ManagementSettingsPatch) => request<ManagementSettings>('PUT', '/studio/api/settings/management', body),
  retention: () => request<RetentionSettings>('GET', '/studio/api/events/retention'),
  putRetention: (body: Partial<RetentionSettings>) => request<RetentionSettings>('PUT', '/studio/api/events/retention', body),
};
