// The front door of features/templates/: what other features may use of it (eslint: renderer-rooms).
export { TemplatePicker } from './TemplatePicker';
export { templateSamples } from './template-samples';
export { LIBRARY_STARTER, TEMPLATES } from './templates';
