import { useRef, useState } from 'react';
import { artifactApi, type Artifact } from '../../api/artifacts';
import { folderApi, type WorkspaceFolder } from '../../api/folder';
import type { Kind } from '../../hooks/routes';
import { useServerPush } from '../../hooks/useServerPush';
import type { ArtifactEditor } from './useArtifactEditor';

export interface DiskChanges {
  /** A newer version saved elsewhere (the file changed on disk, git, another window) while the editor holds unsaved edits. */
  incoming?: Artifact;
  /** The version the unsaved edits started from (the merge's base). */
  base?: string;
  /** Keeps `merged` as the editor's code, on top of the newer version (saving writes it). */
  useMerged(merged: string): void;
  /** Drops the unsaved edits for the newer version. */
  takeIncoming(): void;
  /** The linked folder: this artifact's file, the branch and the changed files. */
  folder?: WorkspaceFolder;
}

/**
 * A newer version of the open transformation or library (a change on disk of its linked file
 * becomes one) is loaded into the editor when it has no unsaved edits; with unsaved edits the user
 * gets the merge view instead of losing either side. Pushed by the core: a transformation's
 * versions stream, and for a library the linked folder's stream (each change it reconciled).
 */
export function useDiskChanges(kind: Kind, id: string, editor: ArtifactEditor): DiskChanges {
  const [incoming, setIncoming] = useState<Artifact>();
  const [base, setBase] = useState<string>();
  const [folder, setFolder] = useState<WorkspaceFolder>();
  const held = useRef(editor);
  held.current = editor;
  const stream = kind === 'transformation' ? `/studio/api/transformations/versions/stream?transformationId=${encodeURIComponent(id)}` : '/studio/api/workspace/stream';
  useServerPush(stream, () => {
    void folderApi.get().then(setFolder, () => undefined);
    void artifactApi.get(kind, id).then((fresh) => {
      const now = held.current;
      if (!now.artifact || fresh.versionId === now.artifact.versionId) return;
      if (!now.dirty || fresh.code === now.code) return now.adopt(fresh, fresh.code);
      // This editor's own save, pushed before it answered: code typed since stays, unsaved, on top of it.
      if (fresh.code === now.savingCode) return now.adopt(fresh, now.code);
      setBase(now.artifact.code);
      setIncoming(fresh);
    }, () => undefined);
  });
  const done = () => {
    setIncoming(undefined);
    setBase(undefined);
  };
  return {
    incoming,
    base,
    folder,
    useMerged(merged) {
      if (incoming) held.current.adopt(incoming, merged);
      done();
    },
    takeIncoming() {
      if (incoming) held.current.adopt(incoming, incoming.code);
      done();
    },
  };
}
