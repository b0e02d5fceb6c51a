import type { WorkspaceFolder } from '../../shared/api/workspace';
import { request } from './client';

export type { WorkspaceFolder };

/** The repository folder open as the workspace (npm run serve -- --workspace DIR). */
export const folderApi = {
  get: () => request<WorkspaceFolder>('GET', '/studio/api/workspace'),
};
