// The front door of features/replay/: what other features may use of it (eslint: renderer-rooms).
export { CompareWithLive } from './CompareWithLive';
export { replayHref } from './NewRunForm';
