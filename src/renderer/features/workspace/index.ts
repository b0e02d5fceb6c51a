// The front door of features/workspace/: what other features may use of it (eslint: renderer-rooms).
export { WorkspaceProvider } from './WorkspaceProvider';
export { useLibraryInfos } from './useLibraryInfos';
export { useWorkspace } from './useWorkspace';
