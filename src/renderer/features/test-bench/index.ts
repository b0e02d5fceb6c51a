// The front door of features/test-bench/: what other features may use of it (eslint: renderer-rooms).
export { DiffView } from './DiffView';
export { ErrorText } from './ErrorText';
export type { StackProps } from './EventResult';
export { TestBench } from './TestBench';
export { correlateResults } from './correlate-results';
export { loadSampleEvents } from './sample-events';
export { benchRowOf, parseTestEvents } from './test-events';
export { useReplaceEvents } from './useReplaceEvents';
export { filledContext, useTestBench } from './useTestBench';
export type { TestBenchState } from './useTestBench';
