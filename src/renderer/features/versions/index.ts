// The front door of features/versions/: what other features may use of it (eslint: renderer-rooms).
export { SaveOutcome } from './SaveOutcome';
export { VersionOverlay } from './VersionOverlay';
export type { VersionView } from './VersionOverlay';
export { VersionsPanel } from './VersionsPanel';
