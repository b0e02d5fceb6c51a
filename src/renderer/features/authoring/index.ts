// The front door of features/authoring/: what other features may use of it (eslint: renderer-rooms).
export { ArtifactLoadState } from './ArtifactLoadState';
export { AuthoringView } from './AuthoringView';
export { NewArtifactDialog } from './NewArtifactDialog';
export { useArtifactEditor } from './useArtifactEditor';
