import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { artifactApi, type Artifact, type ArtifactVersion } from '../../api/artifacts';
import { api, ApiError } from '../../api/client';
import type { Kind } from '../../hooks/routes';
import { saveBlockerInRunWords } from '../../editor/save-check';
import { localData, type Draft } from '../../lib/local-data';
import { useWorkspace } from '../workspace';
import { useServerPush } from '../../hooks/useServerPush';
import type { ArtifactEditor } from './artifact-editor';

export type { ArtifactEditor };

/** Loads one transformation or library, keeps its unsaved code as a local draft, saves versions. */
export function useArtifactEditor(kind: Kind, id: string): ArtifactEditor {
  const workspace = useWorkspace();
  const data = useMemo(() => localData(), []);
  const [artifact, setArtifact] = useState<Artifact>();
  const [loadError, setLoadError] = useState<string>();
  const [notFound, setNotFound] = useState(false);
  const [code, setCodeState] = useState('');
  const [restoredDraft, setRestoredDraft] = useState<Draft>();
  const [versions, setVersions] = useState<ArtifactVersion[]>();
  const [versionsError, setVersionsError] = useState<string>();
  const [busy, setBusy] = useState<ArtifactEditor['busy']>();
  const [actionError, setActionError] = useState<{ message: string; forCode?: string }>();
  const [publishResults, setPublishResults] = useState<unknown>();
  const [versionMessage, setVersionMessage] = useState('');
  const [lastSavedId, setLastSavedId] = useState<string>();
  const [savingCode, setSavingCode] = useState<string>();
  const current = useRef({ kind, id });
  current.current = { kind, id };
  // What the user has typed, read when a save's answer arrives (not when it was sent).
  const typed = useRef({ code, message: versionMessage });
  typed.current = { code, message: versionMessage };

  const reloadVersions = useCallback(async () => {
    try {
      const list = await artifactApi.versions(kind, id);
      if (current.current.id === id) {
        setVersions(list);
        setVersionsError(undefined);
      }
    } catch (e) {
      if (current.current.id === id) setVersionsError(`Could not load the version history: ${(e as Error).message}`);
    }
  }, [kind, id]);

  useServerPush(`/studio/api/transformations/versions/stream?${kind === 'transformation' ? 'transformationId' : 'libraryId'}=${encodeURIComponent(id)}`, () => void reloadVersions());

  useEffect(() => {
    let cancelled = false;
    setArtifact(undefined);
    setVersions(undefined);
    setLoadError(undefined);
    setNotFound(false);
    setActionError(undefined);
    setRestoredDraft(undefined);
    setVersionMessage('');
    setLastSavedId(undefined);
    artifactApi
      .get(kind, id)
      .then((item) => {
        if (cancelled) return;
        const draft = data.draft(kind, id);
        setArtifact(item);
        if (draft && draft.code !== item.code) {
          setCodeState(draft.code);
          setVersionMessage(draft.message ?? '');
          setRestoredDraft(draft);
        } else {
          setCodeState(item.code);
          if (draft) data.clearDraft(kind, id);
        }
      })
      .catch((e) => {
        if (cancelled) return;
        setNotFound(e instanceof ApiError && e.status === 404);
        setLoadError((e as Error).message);
      });
    void reloadVersions();
    return () => {
      cancelled = true;
    };
  }, [kind, id, data, reloadVersions]);

  // The draft keeps the code and the message typed for it: both come back after a restart.
  const keepDraft = useCallback(
    (nextCode: string, message: string) => {
      if (!artifact) return;
      if (nextCode === artifact.code) data.clearDraft(kind, id);
      else data.saveDraft(kind, id, nextCode, artifact.versionId, message);
    },
    [artifact, data, kind, id],
  );
  const setCode = useCallback(
    (next: string) => {
      typed.current = { ...typed.current, code: next };
      setCodeState(next);
      keepDraft(next, versionMessage);
    },
    [keepDraft, versionMessage],
  );
  const changeVersionMessage = useCallback(
    (message: string) => {
      typed.current = { ...typed.current, message };
      setVersionMessage(message);
      keepDraft(code, message);
    },
    [keepDraft, code],
  );

  const fail = (what: string, e: unknown) => {
    setActionError({ message: `${what}: ${(e as Error).message}` });
    if (e instanceof ApiError && e.body && 'results' in e.body) setPublishResults(e.body.results);
  };

  /** Runs an action: busy while it runs (when named), its failure shown as the action error. */
  const attempt = async <T,>(what: string, busyAs: ArtifactEditor['busy'], work: () => Promise<T>, failed: T): Promise<T> => {
    if (busyAs) setBusy(busyAs);
    setActionError(undefined);
    try {
      return await work();
    } catch (e) {
      fail(what, e);
      return failed;
    } finally {
      if (busyAs) setBusy(undefined);
    }
  };

  /** Reads the artifact and its versions again (after a publish, or when asked). */
  const refresh = async () => {
    const fresh = await artifactApi.get(kind, id);
    setArtifact(fresh);
    workspace.upsert(fresh);
    await reloadVersions();
  };

  const afterSave = (saved: Artifact) => {
    setArtifact(saved);
    workspace.upsert(saved);
    void reloadVersions();
  };

  return {
    artifact,
    loadError,
    notFound,
    code,
    setCode,
    dirty: artifact !== undefined && code !== artifact.code,
    restoredDraft,
    versions,
    versionsError,
    versionMessage,
    setVersionMessage: changeVersionMessage,
    // Only while the editor holds that version: a save still running (its version already pushed) or one made elsewhere is newer.
    lastSaved: lastSavedId && lastSavedId === artifact?.versionId ? versions?.find((v) => v.versionId === lastSavedId) : undefined,
    busy,
    savingCode,
    actionError: actionError && (actionError.forCode === undefined || actionError.forCode === code) ? actionError.message : undefined,
    publishResults,
    clearActionError: () => {
      setActionError(undefined);
      setPublishResults(undefined);
    },
    reloadVersions,
    runVersionTests(version) {
      void attempt(`Could not run the tests of v${version.number}`, undefined, async () => {
        if (kind === 'library') await api.runLibraryTests(id, version.versionId);
        else await api.runTests(id, { versionId: version.versionId });
        await reloadVersions();
      }, undefined);
    },
    refresh,
    adopt(fresh, nextCode) {
      setArtifact(fresh);
      workspace.upsert(fresh);
      setCodeState(nextCode);
      if (nextCode === fresh.code) data.clearDraft(kind, id);
      else data.saveDraft(kind, id, nextCode, fresh.versionId, versionMessage);
      void reloadVersions();
    },
    async save(extra) {
      if (!artifact) return undefined;
      const blocker = await saveBlockerInRunWords(code, kind, api.syntaxCheck);
      if (blocker) {
        setActionError({ message: `Not saved: fix this first (a version must compile and export its handler): ${blocker}`, forCode: code });
        return undefined;
      }
      return attempt('Could not save', 'saving', async () => {
        const message = versionMessage.trim();
        setSavingCode(code);
        const saved = await artifactApi.update(kind, id, { code, ...extra, ...(message ? { message } : {}) }).finally(() => setSavingCode(undefined));
        setVersionMessage((now) => (now.trim() === message ? '' : now));
        setLastSavedId(saved.versionId);
        // Code typed while the save was on its way stays a draft, now on top of the new version.
        const now = typed.current;
        if (now.code === code || now.code === saved.code) data.clearDraft(kind, id);
        else data.saveDraft(kind, id, now.code, saved.versionId, now.message.trim() === message ? '' : now.message);
        setRestoredDraft(undefined);
        setCodeState((now) => (now === code ? saved.code : now));
        afterSave(saved);
        return saved;
      }, undefined);
    },
    async saveDetails(name, description) {
      return attempt('Could not save the name and description', undefined, async () => {
        afterSave(await artifactApi.update(kind, id, { name, description }));
        return true;
      }, false);
    },
    async publish(versionId, testInput) {
      setPublishResults(undefined);
      return attempt('Could not publish', 'publishing', async () => {
        await artifactApi.publish(kind, versionId, testInput);
        await refresh();
        return true;
      }, false);
    },
    async remove() {
      return attempt('Could not delete', 'deleting', async () => {
        await (kind === 'transformation' ? api.transformations : api.libraries).remove(id);
        data.clearDraft(kind, id);
        workspace.remove({ kind, id });
        return true;
      }, false);
    },
    discardDraft() {
      if (!artifact) return;
      setCodeState(artifact.code);
      setVersionMessage('');
      setRestoredDraft(undefined);
      data.clearDraft(kind, id);
    },
  };
}
