import type { Artifact, ArtifactVersion } from '../../api/artifacts';
import type { SaveBody } from '../../api/types';
import type { Draft } from '../../lib/local-data';

/** What the editor of one transformation or library offers its page (useArtifactEditor.ts). */
export interface ArtifactEditor {
  artifact?: Artifact;
  /** Why the item could not be loaded (e.g. deleted, unknown id). */
  loadError?: string;
  notFound: boolean;
  code: string;
  setCode(code: string): void;
  dirty: boolean;
  /** A draft from an earlier visit that was put back into the editor. */
  restoredDraft?: Draft;
  versions?: ArtifactVersion[];
  versionsError?: string;
  /** The optional message of the next saved version. */
  versionMessage: string;
  setVersionMessage(message: string): void;
  /** The version the last save made, once the history has it (with its test status), while it is the one the editor holds. */
  lastSaved?: ArtifactVersion;
  busy?: 'saving' | 'publishing' | 'deleting';
  /** The code a save of this editor is storing (its version is pushed before the save answers). */
  savingCode?: string;
  /** Saves the editor's code as a new version; returns the new object or undefined on failure. */
  save(extra?: Pick<SaveBody, 'events'>): Promise<Artifact | undefined>;
  saveDetails(name: string, description: string): Promise<boolean>;
  publish(versionId: string, testInput: unknown[]): Promise<boolean>;
  remove(): Promise<boolean>;
  discardDraft(): void;
  /** Action errors (save, publish, rename, delete), shown near the header. */
  actionError?: string;
  publishResults?: unknown;
  clearActionError(): void;
  reloadVersions(): Promise<void>;
  /** Runs a stored version's tests again (the core records its status and pushes the change). */
  runVersionTests(version: ArtifactVersion): void;
  /** Reloads the object and its versions (after a publish made elsewhere). */
  refresh(): Promise<void>;
  /** Holds a newer version saved elsewhere, with `code` in the editor (unsaved when it differs). */
  adopt(fresh: Artifact, code: string): void;
}
