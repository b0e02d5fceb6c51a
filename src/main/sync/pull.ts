import type { ItemOutcome, ItemRef } from '../../shared/api/sync';
import type { Store } from '../store';
import type { Pairing } from './changes';
import type { SyncItem } from './items';
import type { RemoteClient } from './remote-client';
import type { SavedTestEventRecord } from '../store/test-events-repo';
import { carriedText, mergeSavedTests } from './saved-tests-merge';

/** Local writes the pull and the conflict resolution need (the management services). */
export interface LocalWriter {
  create(kind: SyncItem['kind'], input: { name: string; description: string; code: string; message?: string }): Promise<{ id: string; versionId: string }>;
  update(kind: SyncItem['kind'], id: string, input: { name?: string; description: string; code: string; message?: string }): Promise<{ id: string; versionId: string }>;
  /** Replaces a local transformation's saved tests (checked as the studio API checks them). */
  replaceTests(id: string, events: SavedTestEventRecord[]): void;
}

/** What a pull needs to know of the remote besides the pairs: whether it is a studio (its saved tests come along). */
export interface PullOptions {
  studio: boolean;
}

const quoted = (message: string | null | undefined) => (message ? ` “${message}”` : '');

const PULLABLE = new Set(['new-remote', 'changed-remote']);

export function pullSelection(pairs: Pairing[], refs: ItemRef[] | undefined): Pairing[] {
  if (!refs) return pairs.filter((p) => PULLABLE.has(p.state));
  return pairs.filter((p) =>
    refs.some((r) => (p.local ?? p.remote)!.kind === r.kind && ((r.remoteItemId && p.remote?.id === r.remoteItemId) || (r.localId && p.local?.id === r.localId))),
  );
}

/** Marks one local item synced with one remote version (after a pull or a take-remote). */
export function markSynced(store: Store, remoteId: string, kind: SyncItem['kind'], local: { id: string; versionId: string }, remote: SyncItem): void {
  store.sync.putLink({
    remoteId, kind, localId: local.id, remoteItemId: remote.id,
    syncedLocalVersionId: local.versionId, syncedRemoteVersionId: remote.versionId, pendingRemoteVersionId: null,
    baseName: remote.name, baseCode: remote.code, syncedAt: new Date().toISOString(),
  });
}

/** Imports remote items: new ones with their version history (oldest first), changed ones as a new local version. */
export async function pull(store: Store, remoteId: string, client: RemoteClient, local: LocalWriter, selected: Pairing[], options: PullOptions = { studio: false }): Promise<ItemOutcome[]> {
  const results: ItemOutcome[] = [];
  for (const p of selected) {
    const remote = p.remote;
    const base = { kind: (p.local ?? remote)!.kind, name: (p.local ?? remote)!.name, localId: p.local?.id ?? null, remoteItemId: remote?.id ?? null };
    if (!remote) {
      results.push({ ...base, ok: false, action: 'skipped', message: 'exists only locally: push it instead' });
      continue;
    }
    if (p.state === 'both' || p.state === 'changed-local' || p.state === 'new-local') {
      results.push({ ...base, ok: false, action: 'conflict', message: 'changed locally since the last sync: resolve the conflict (nothing local was overwritten)' });
      continue;
    }
    if (p.state === 'unchanged' && p.local) {
      results.push({ ...base, ok: true, action: 'skipped', message: 'already in sync' });
      continue;
    }
    try {
      let saved: { id: string; versionId: string };
      // Version messages travel with the code (when the remote is a studio).
      const messages = await client.versionMessages(remote.kind, remote.id);
      const note = (versionId: string) => (messages.get(versionId) ? { message: messages.get(versionId)! } : {});
      const versions = remote.kind === 'library' ? await client.libraryVersions(remote.id) : await client.transformationVersions(remote.id);
      const remoteNumber = versions.findIndex((v) => v.versionId === remote.versionId) + 1 || versions.length || 1;
      const firstLocal = p.local ? (p.local.number ?? 0) + 1 : 1;
      let imported: string;
      if (p.local) {
        saved = await local.update(remote.kind, p.local.id, { name: remote.name, description: remote.description, code: remote.code, ...note(remote.versionId) });
        imported = `remote v${remoteNumber}`;
      } else {
        const history = versions.length > 0 ? versions.map((v) => ({ description: v.description ?? '', code: v.code, versionId: v.versionId })) : [remote];
        saved = await local.create(remote.kind, { name: remote.name, description: history[0]!.description, code: history[0]!.code, ...note(history[0]!.versionId) });
        for (const v of history.slice(1)) saved = await local.update(remote.kind, saved.id, { description: v.description, code: v.code, ...note(v.versionId) });
        if (history.at(-1)!.code !== remote.code) saved = await local.update(remote.kind, saved.id, { description: remote.description, code: remote.code, ...note(remote.versionId) });
        imported = history.length > 1 ? `remote v1–v${history.length}` : 'remote v1';
      }
      markSynced(store, remoteId, remote.kind, saved, remote);
      // Saved tests travel between studios; the hosted service keeps none (the local ones stay).
      let carried = '';
      if (remote.kind === 'transformation' && options.studio) {
        const events = (await client.savedTests(remote.id)).filter((e) => typeof e?.event === 'object' && e.event !== null);
        // Merged three ways with the link's base: a test deleted on the remote is deleted here.
        const tests = mergeSavedTests(events, store.testEvents.list(saved.id), p.link?.syncedTests ?? null);
        if (tests.sent > 0 || tests.deleted > 0) local.replaceTests(saved.id, tests.merged);
        store.sync.setSyncedTests(remoteId, remote.kind, saved.id, tests.base);
        carried = carriedText(tests, 'here');
      }
      // The pulled version's tests ran on save, as for any save: said here with the same words.
      const version = remote.kind === 'library' ? store.libraries.version(saved.versionId) : store.transformations.version(saved.versionId);
      const localNumbers = version && version.seq > firstLocal ? `local v${firstLocal}–v${version.seq}` : `local v${version?.seq ?? firstLocal}`;
      const tests = version?.testStatus ? `; tests here: ${version.testStatus}${version.testSummary ? ` (${version.testSummary})` : ''}` : '';
      results.push({ ...base, localId: saved.id, ok: true, action: 'pulled', message: `imported ${imported}${quoted(messages.get(remote.versionId))} as ${localNumbers}${carried}${tests}` });
    } catch (error) {
      results.push({ ...base, ok: false, action: 'failed', message: (error as Error).message });
    }
  }
  return results;
}
