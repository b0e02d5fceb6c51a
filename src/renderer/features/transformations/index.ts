// The front door of features/transformations/: what other features may use of it (eslint: renderer-rooms).
export { NewTransformationDialog } from './NewTransformationDialog';
export { TransformationPage } from './TransformationPage';
