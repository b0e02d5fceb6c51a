// The front door of features/confidence/: what other features may use of it (eslint: renderer-rooms).
export { ConfidenceLaunch, ConfidencePanels } from './Confidence';
export { PublishCoverage } from './PublishCoverage';
export { useConfidence } from './useConfidence';
