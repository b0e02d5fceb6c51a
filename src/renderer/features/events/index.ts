// The front door of features/events/: what other features may use of it (eslint: renderer-rooms).
export { AddAsTestsDialog } from './AddAsTestsDialog';
export { EventFilters } from './EventFilters';
export { SavedFilters } from './SavedFilters';
export { SendDialog } from './SendDialog';
