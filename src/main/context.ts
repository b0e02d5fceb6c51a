import type { FastifyBaseLogger } from 'fastify';
import type { Store } from './store';

/** Everything a route or service may use; built once by studio.ts. */
export interface StudioContext {
  dataDir: string;
  store: Store;
  account: { email: string; workspaceId: string };
  /** Per-process secret accepted as the management token (desktop preload, printed login link). */
  sessionToken: string;
  log: FastifyBaseLogger;
  /** Filled by studio.ts after listen: the base URL of this instance. */
  baseUrl: string;
}
