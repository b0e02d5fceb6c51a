import type { ItemOutcome, ItemRef } from '../../shared/api/sync';
import type { Store } from '../store';
import { inTransaction } from '../store/database';
import { importsOf } from '../management/import-names';
import type { Pairing } from './changes';
import { RemoteError, type RemoteClient } from './remote-client';

const PUSHABLE = new Set(['new-local', 'changed-local']);
const refMatches = (ref: ItemRef, p: Pairing) =>
  (p.local ?? p.remote)!.kind === ref.kind && ((ref.localId && p.local?.id === ref.localId) || (ref.remoteItemId && p.remote?.id === ref.remoteItemId));

/** The pairs to push: the selected ones (or every local change) plus unsynced libraries they import. */
export function pushSelection(pairs: Pairing[], refs: ItemRef[] | undefined): Pairing[] {
  // Without a selection: every local change, and every conflict (reported, never overwritten).
  const chosen = new Set(refs ? pairs.filter((p) => refs.some((r) => refMatches(r, p))) : pairs.filter((p) => PUSHABLE.has(p.state) || p.state === 'both'));
  for (const p of [...chosen]) {
    if (p.local?.kind !== 'transformation') continue;
    const imported = new Set(importsOf(p.local.code));
    for (const lib of pairs) {
      if (lib.local?.kind === 'library' && lib.local.importName && imported.has(lib.local.importName) && PUSHABLE.has(lib.state)) chosen.add(lib);
    }
  }
  return pairs.filter((p) => chosen.has(p)); // pairs are ordered libraries first
}

const outcome = (p: Pairing, ok: boolean, action: string, message: string, remoteAnswer?: unknown): ItemOutcome => ({
  kind: (p.local ?? p.remote)!.kind,
  name: (p.local ?? p.remote)!.name,
  ok,
  action,
  message,
  localId: p.local?.id ?? null,
  remoteItemId: p.remote?.id ?? p.link?.remoteItemId ?? null,
  ...(remoteAnswer !== undefined ? { remoteAnswer } : {}),
});

/**
 * Pushes as the hosted clients do: create (publish=false) or update (no rename) each item,
 * libraries first, then one publish of every new version with the transformations' test
 * events. The link (remote id, pending version) is stored after each create so a retry
 * updates instead of creating again; items are marked synced only after the publish.
 */
export async function push(store: Store, remoteId: string, client: RemoteClient, selected: Pairing[], commitId?: string): Promise<ItemOutcome[]> {
  const results: ItemOutcome[] = [];
  const staged: { pair: Pairing; remoteItemId: string; remoteVersionId: string }[] = [];
  for (const p of selected) {
    if (!p.local) {
      results.push(outcome(p, false, 'skipped', 'exists only on the remote: pull it instead'));
      continue;
    }
    if (p.state === 'both' || p.state === 'changed-remote') {
      results.push(outcome(p, false, 'conflict', 'the remote changed since the last sync: resolve the conflict first (nothing was overwritten)'));
      continue;
    }
    if (p.state === 'unchanged') {
      results.push(outcome(p, true, 'skipped', 'already in sync'));
      continue;
    }
    const local = p.local;
    const body = { description: local.description, code: local.code, language: 'javascript' };
    try {
      const answer = p.remote
        ? local.kind === 'library' ? await client.updateLibrary(p.remote.id, body) : await client.updateTransformation(p.remote.id, body)
        : local.kind === 'library' ? await client.createLibrary({ name: local.name, ...body }) : await client.createTransformation({ name: local.name, ...body });
      store.sync.putLink({
        remoteId,
        kind: local.kind,
        localId: local.id,
        remoteItemId: answer.id,
        syncedLocalVersionId: p.link?.syncedLocalVersionId ?? null,
        syncedRemoteVersionId: p.link?.syncedRemoteVersionId ?? null,
        pendingRemoteVersionId: answer.versionId,
        baseName: p.link?.baseName ?? null,
        baseCode: p.link?.baseCode ?? null,
        syncedAt: p.link?.syncedAt ?? null,
      });
      staged.push({ pair: p, remoteItemId: answer.id, remoteVersionId: answer.versionId });
    } catch (error) {
      results.push(outcome(p, false, 'failed', (error as Error).message, error instanceof RemoteError ? error.answer : undefined));
    }
  }
  if (staged.length === 0) return results;
  const failedLibrary = results.some((r) => !r.ok && r.kind === 'library');
  if (failedLibrary) {
    return [...results, ...staged.map((s) => outcome(s.pair, false, 'failed', 'not published: a library it may import failed to push; retry'))];
  }
  try {
    const answer = await client.publish({
      libraries: staged.filter((s) => s.pair.local!.kind === 'library').map((s) => ({ versionId: s.remoteVersionId })),
      transformations: staged
        .filter((s) => s.pair.local!.kind === 'transformation')
        .map((s) => ({ versionId: s.remoteVersionId, testInput: s.pair.local!.testEvents ?? [] })),
      ...(commitId ? { commitId } : {}),
    });
    const at = new Date().toISOString();
    inTransaction(store.db, () => {
      for (const s of staged) {
        const local = s.pair.local!;
        store.sync.putLink({
          remoteId, kind: local.kind, localId: local.id, remoteItemId: s.remoteItemId,
          syncedLocalVersionId: local.versionId, syncedRemoteVersionId: s.remoteVersionId, pendingRemoteVersionId: null,
          baseName: local.name, baseCode: local.code, syncedAt: at,
        });
      }
    });
    for (const s of staged) {
      const tests = s.pair.local!.kind === 'transformation' ? ` (tested by the remote with ${s.pair.local!.testEvents?.length ?? 0} saved events)` : '';
      results.push({ ...outcome(s.pair, true, s.pair.remote ? 'updated' : 'created', `published on the remote${tests}`, answer), remoteItemId: s.remoteItemId });
    }
  } catch (error) {
    const answer = error instanceof RemoteError ? error.answer : undefined;
    for (const s of staged) {
      results.push({ ...outcome(s.pair, false, 'failed', `saved on the remote but not published: ${(error as Error).message}`, answer), remoteItemId: s.remoteItemId });
    }
  }
  return results;
}
