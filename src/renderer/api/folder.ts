import type { OpenWorkspaceBody, OpenedWorkspace, WorkspaceFolder } from '../../shared/api/workspace';
import { request } from './client';

export type { WorkspaceFolder };

/** The repository folder open as the workspace (npm run serve -- --workspace DIR). */
export const folderApi = {
  get: () => request<WorkspaceFolder>('GET', '/studio/api/workspace'),
  /** Opens a folder; with `link`, keeps it linked (saves write the files, changes on disk become versions). */
  open: (body: OpenWorkspaceBody) => request<OpenedWorkspace>('POST', '/studio/api/workspace/open', body),
};
