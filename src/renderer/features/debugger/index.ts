// The front door of features/debugger/: what other features may use of it (eslint: renderer-rooms).
export { BreakpointDialog } from './BreakpointDialog';
export { DebugEventButton } from './DebugEventButton';
export { DebugLaunch, DebugPanels, useDebugRoom } from './DebugRoom';
export { debugStore, useDebugStore, useEditorMarks } from './debug-store';
