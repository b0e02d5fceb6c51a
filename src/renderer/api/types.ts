// DTOs of the management API (seed 000) and the studio API, as the renderer reads them.
// Optional fields are the ones the server may or may not expose; normalise.ts reads them.

export interface DestinationRef {
  id: string;
  name: string;
  enabled: boolean;
}

export interface Transformation {
  id: string;
  name: string;
  description: string;
  code: string;
  codeVersion: string;
  createdAt: string;
  updatedAt: string;
  versionId: string;
  workspaceId?: unknown;
  destinations?: DestinationRef[];
  language?: string;
  /** Id of the published version when the server exposes it. */
  publishedVersionId?: string | null;
  isPublished?: boolean;
  publishedAt?: string | null;
  /** Test events saved with the version (create/update body field `events`). */
  events?: unknown[] | null;
  testEvents?: unknown[] | null;
}

export interface TransformationVersion extends Omit<Transformation, 'workspaceId' | 'destinations'> {
  isPublished?: boolean;
  publishedAt?: string | null;
  createdBy?: string | null;
  seq?: number;
}

export interface Library {
  id: string;
  name: string;
  description: string;
  code: string;
  importName: string;
  createdAt: string;
  updatedAt: string;
  versionId: string;
  publishedVersionId?: string | null;
  isPublished?: boolean;
  publishedAt?: string | null;
}

export interface LibraryVersion extends Library {
  isPublished: boolean;
  createdBy?: string | null;
  seq?: number;
}

export interface SaveBody {
  name?: string;
  description?: string;
  code?: string;
  events?: unknown[];
}

export interface PublishBody {
  transformations?: Array<{ versionId: string; testInput?: unknown[] }>;
  libraries?: Array<{ versionId: string }>;
}

export interface PublishResult {
  published: boolean;
  error?: string;
  results?: unknown;
}

export type TestEvent = Record<string, unknown>;

/** One element of `transformedEvents`: an output event or a per-event error. */
export type TransformedItem = Record<string, unknown>;

export interface TestRequest {
  code: string;
  events: TestEvent[];
  libraries?: Array<{ name: string; code: string }>;
  libraryVersionIds?: string[];
  transformationName?: string;
  /** Source/destination fields metadata(event) reports for every event. */
  context?: Record<string, string>;
}

export interface TestResponse {
  transformedEvents: TransformedItem[];
  logs: string[];
  durationMs: number;
  /** fetch/fetchV2 calls of the run (absent when none). */
  network?: NetworkCall[];
}

export interface CapturedEvent {
  id?: string;
  receivedAt?: string;
  type?: string;
  event: TestEvent;
  [extra: string]: unknown;
}

export interface CapturedEventsPage {
  events: CapturedEvent[];
  next?: string | null;
}

export interface CapturedEventsQuery {
  limit?: number;
  cursor?: string;
  q?: string;
  type?: string;
}

/** One fetch/fetchV2 call a test run made. */
export interface NetworkCall {
  url: string;
  method: string;
  status?: number;
  durationMs: number;
  error?: string;
  blocked?: boolean;
}
