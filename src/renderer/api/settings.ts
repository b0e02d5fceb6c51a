import { request } from './client';

export interface Credential {
  key: string;
  /** Always masked by the server. */
  value: string;
  createdAt: string;
  updatedAt: string;
}

export interface SandboxSettings {
  allowPrivateNetwork: boolean;
  geolocationUrl: string | null;
  memoryLimitMb: number;
  timeoutMs: number;
}

export interface ManagementSettings {
  maxCodeBytes: number;
}

export interface RetentionSettings {
  maxEvents: number | null;
  maxAgeDays: number | null;
}

const key = (value: string) => encodeURIComponent(value);

/** Credentials for getCredential(key) and the studio's settings. */
export const settingsApi = {
  credentials: () => request<{ credentials: Credential[] }>('GET', '/studio/api/credentials'),
  putCredential: (name: string, value: string) => request<Credential>('PUT', `/studio/api/credentials/${key(name)}`, { value }),
  deleteCredential: (name: string) => request<{ success: boolean }>('DELETE', `/studio/api/credentials/${key(name)}`),
  sandbox: () => request<SandboxSettings>('GET', '/studio/api/settings/sandbox'),
  putSandbox: (body: Partial<SandboxSettings>) => request<SandboxSettings>('PUT', '/studio/api/settings/sandbox', body),
  management: () => request<ManagementSettings>('GET', '/studio/api/settings/management'),
  putManagement: (body: Partial<ManagementSettings>) => request<ManagementSettings>('PUT', '/studio/api/settings/management', body),
  retention: () => request<RetentionSettings>('GET', '/studio/api/events/retention'),
  putRetention: (body: Partial<RetentionSettings>) => request<RetentionSettings>('PUT', '/studio/api/events/retention', body),
};
