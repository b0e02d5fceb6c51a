// The front door of features/home/: what other features may use of it (eslint: renderer-rooms).
export { HomePage } from './HomePage';
