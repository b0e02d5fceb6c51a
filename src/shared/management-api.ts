// Shapes of the management API (seed 000 plus compatibility.md), shared by main and renderer.

export type EventObject = Record<string, unknown>;

/** A destination as transformation objects list it. */
export interface ConnectedDestination {
  id: string;
  name: string;
  enabled: boolean;
}

/** A transformation: its latest version plus identity, workspace and connected destinations. */
export interface TransformationDto {
  id: string;
  name: string;
  description: string;
  code: string;
  codeVersion: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  versionId: string;
  workspaceId: string;
  destinations: ConnectedDestination[];
  /** Extension: the published version (null while only revisions exist). */
  publishedVersionId: string | null;
}

/** One revision; listings omit workspaceId and destinations. */
export interface TransformationVersionDto {
  id: string;
  versionId: string;
  name: string;
  description: string;
  code: string;
  codeVersion: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  /** Extension: e-mail of the account that saved the version (null when not recorded). */
  createdBy: string | null;
  /** Extension: whether this is the transformation's published version. */
  isPublished: boolean;
  workspaceId?: string;
  destinations?: ConnectedDestination[];
}

export interface LibraryDto {
  id: string;
  name: string;
  description: string;
  code: string;
  importName: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  versionId: string;
  workspaceId: string;
  workspace: { id: string };
  /** Extension: the published version (null while only revisions exist). */
  publishedVersionId: string | null;
}

/** One library revision; in listings `name` carries the import name. */
export interface LibraryVersionDto {
  id: string;
  versionId: string;
  name: string;
  description: string;
  code: string;
  importName: string;
  language: string;
  createdAt: string;
  updatedAt: string;
  /** Extension: e-mail of the account that saved the version (null when not recorded). */
  createdBy: string | null;
  isPublished: boolean;
  workspaceId?: string;
  workspace?: { id: string };
}

/** Body of POST /transformations/libraries/publish and …/test. */
export interface PublishRequest {
  transformations?: { versionId: string; testInput?: string | EventObject[] }[];
  libraries?: { versionId: string }[];
}

export interface LibraryTestResult {
  type: 'library';
  id: string;
  versionId: string;
  name: string;
  importName: string;
  passed: boolean;
  error?: string;
}

export interface EventError {
  messageId?: string;
  error: string;
}

export interface TransformationTestResult {
  type: 'transformation';
  id: string;
  versionId: string;
  name: string;
  passed: boolean;
  /** Why the version failed (fatal error, or a summary of the per-event errors). */
  error?: string;
  eventCount: number;
  /** Output events of the run (dropped events leave none; arrays give several). */
  output: EventObject[];
  /** Per-event errors. */
  errors: EventError[];
  /** `log()` calls of the run, as "Log: a b". */
  logs: string[];
  /** Library versions offered to the run (the ones it imports), pinned on publish. */
  libraries: { id: string; versionId: string; importName: string }[];
}

export type VersionTestResult = LibraryTestResult | TransformationTestResult;

/** Answer of POST /transformations/libraries/test. */
export interface TestResponse {
  passed: boolean;
  results: VersionTestResult[];
  /** The hosted service's shape of the same results, read by its clients (the transformation GitHub Action). */
  result: {
    successTestResults: Array<{ id: string; name: string; transformerVersionID: string; result: { output: { transformedEvents: EventObject[]; logs: string[] } } }>;
    failedTestResults: Array<{ id: string; name: string; transformerVersionID?: string; libraryVersionID?: string; result: string }>;
  };
}

/** 400 answer of a publish (or create/update with publish=true) whose tests failed. */
export interface PublishFailure {
  published: false;
  error: string;
  code?: string;
  results: VersionTestResult[];
}
