// The front door of features/libraries/: what other features may use of it (eslint: renderer-rooms).
export { LibraryPage } from './LibraryPage';
export { NewLibraryDialog } from './NewLibraryDialog';
