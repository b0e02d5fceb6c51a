import type { ItemOutcome, ItemRef } from '../../shared/api/sync';
import type { Store } from '../store';
import { inTransaction } from '../store/database';
import { importsOf } from '../management/import-names';
import type { Pairing } from './changes';
import type { SyncItem } from './items';
import { carriedText, mergeSavedTests, type TestsMerge } from './saved-tests-merge';
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

/** Local publish's verdict on a version: what it refuses, push refuses (test input = the plan's events). */
export type LocalGate = (kind: SyncItem['kind'], versionId: string) => Promise<{ passed: boolean; failure?: string; testInput: Record<string, unknown>[] }>;

export interface PushOptions {
  commitId?: string;
  gate: LocalGate;
  /** Push items at a draft (not published locally) version; otherwise only chosen ones (`chosen`). */
  drafts?: boolean;
  /** Items the request named: a draft among them is pushed, labelled as such. */
  chosen?: Set<Pairing>;
  /** The remote is another studio: a transformation's saved tests go with it (the hosted service keeps none). */
  studio?: boolean;
}

const label = (item: SyncItem) => `v${item.number ?? '?'}${item.draft ? ' (a draft: not published locally)' : ''}`;

/** A remote version's number (its position in the item's versions, oldest first); null when the remote does not say. */
async function remoteNumberOf(client: RemoteClient, kind: SyncItem['kind'], itemId: string, versionId: string): Promise<number | null> {
  const versions = await (kind === 'library' ? client.libraryVersions(itemId) : client.transformationVersions(itemId)).catch(() => []);
  const at = versions.findIndex((v) => v.versionId === versionId);
  return at >= 0 ? at + 1 : null;
}

/**
 * What push does with one pair before anything is sent (the status's push plan reads the same):
 * skip it (with why), or send this version of the local item. By default the live version goes;
 * a draft only when chosen (or with drafts), labelled as such.
 */
export function pushChoice(p: Pairing, options: Pick<PushOptions, 'drafts' | 'chosen'>): { skip: { ok: boolean; action: string; message: string } } | { send: SyncItem } {
  if (!p.local) return { skip: { ok: false, action: 'skipped', message: 'exists only on the remote: pull it instead' } };
  if (p.state === 'both' || p.state === 'changed-remote') {
    return { skip: { ok: false, action: 'conflict', message: 'the remote changed since the last sync: resolve the conflict first (nothing was overwritten)' } };
  }
  if (p.state === 'unchanged') return { skip: { ok: true, action: 'skipped', message: 'already in sync' } };
  const local = p.local;
  if (!local.draft || options.drafts || options.chosen?.has(p)) return { send: local };
  const live = local.live;
  if (!live || live.code === p.remote?.code || live.code === p.link?.baseCode) {
    const why = live ? `v${local.number} is a draft and the live v${live.number} is on the remote already` : `v${local.number} is a draft: it was never published locally`;
    return { skip: { ok: true, action: 'skipped', message: `not pushed: ${why}; publish it first, or choose it to push the draft` } };
  }
  return { send: { ...local, versionId: live.versionId, number: live.number, code: live.code, message: live.message, description: live.description, draft: false } };
}

/**
 * Pushes as the hosted clients do: create (publish=false) or update (no rename) each item,
 * libraries first, then one publish of every new version with the transformations' test
 * events. The link (remote id, pending version) is stored after each create so a retry
 * updates instead of creating again; items are marked synced only after the publish.
 */
export async function push(store: Store, remoteId: string, client: RemoteClient, selected: Pairing[], options: PushOptions): Promise<ItemOutcome[]> {
  const { commitId, gate } = options;
  const results: ItemOutcome[] = [];
  const staged: { pair: Pairing; sent: SyncItem; remoteItemId: string; remoteVersionId: string; testInput: Record<string, unknown>[]; tests: TestsMerge | null }[] = [];
  for (const p of selected) {
    const choice = pushChoice(p, options);
    if ('skip' in choice) {
      results.push(outcome(p, choice.skip.ok, choice.skip.action, choice.skip.message));
      continue;
    }
    const local = choice.send;
    // What local publish refuses, push refuses: the same plan and runner, before anything is sent.
    const verdict = await gate(local.kind, local.versionId);
    if (!verdict.passed) {
      results.push(outcome(p, false, 'refused', `not pushed: local publish would refuse ${label(local)}: ${verdict.failure ?? 'its tests fail'}`));
      continue;
    }
    const body = { description: local.description, code: local.code, language: 'javascript', ...(local.message ? { message: local.message } : {}) };
    try {
      const answer = p.remote
        ? local.kind === 'library' ? await client.updateLibrary(p.remote.id, body) : await client.updateTransformation(p.remote.id, body)
        : local.kind === 'library' ? await client.createLibrary({ name: local.name, ...body }) : await client.createTransformation({ name: local.name, ...body });
      // Saved tests go before the publish (its runs them), merged three ways with the link's base: a deletion here deletes there.
      const tests = local.kind === 'transformation' && options.studio
        ? mergeSavedTests(store.testEvents.list(local.id), p.remote ? await client.savedTests(answer.id) : [], p.link?.syncedTests ?? null)
        : null;
      if (tests && (tests.sent > 0 || tests.deleted > 0)) await client.putSavedTests(answer.id, tests.merged);
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
      if (tests) store.sync.setSyncedTests(remoteId, local.kind, local.id, tests.base);
      staged.push({ pair: p, sent: local, remoteItemId: answer.id, remoteVersionId: answer.versionId, testInput: verdict.testInput, tests });
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
        .map((s) => ({ versionId: s.remoteVersionId, testInput: s.testInput })),
      ...(commitId ? { commitId } : {}),
    });
    const at = new Date().toISOString();
    inTransaction(store.db, () => {
      for (const s of staged) {
        const local = s.sent;
        store.sync.putLink({
          remoteId, kind: local.kind, localId: local.id, remoteItemId: s.remoteItemId,
          syncedLocalVersionId: local.versionId, syncedRemoteVersionId: s.remoteVersionId, pendingRemoteVersionId: null,
          baseName: local.name, baseCode: local.code, syncedAt: at,
        });
      }
    });
    for (const s of staged) {
      const saved = s.pair.local!.kind === 'transformation' ? store.testEvents.count(s.sent.id) : 0;
      const carried = s.tests ? carriedText(s.tests, 'there') : saved === 0 ? '' : `; its ${saved} saved test${saved === 1 ? '' : 's'} stay here (the hosted service keeps none)`;
      const tests = s.pair.local!.kind === 'transformation' ? `; its tests passed locally, the remote tested ${s.testInput.length} event${s.testInput.length === 1 ? '' : 's'}` : '';
      const remoteNumber = await remoteNumberOf(client, s.sent.kind, s.remoteItemId, s.remoteVersionId);
      const as = remoteNumber ? ` as remote v${remoteNumber}` : '';
      results.push({ ...outcome(s.pair, true, s.pair.remote ? 'updated' : 'created', `published local ${label(s.sent)}${s.sent.message ? ` “${s.sent.message}”` : ''}${as} on the remote${carried}${tests}`, answer), remoteItemId: s.remoteItemId });
    }
  } catch (error) {
    const answer = error instanceof RemoteError ? error.answer : undefined;
    for (const s of staged) {
      results.push({ ...outcome(s.pair, false, 'failed', `saved on the remote but not published: ${(error as Error).message}`, answer), remoteItemId: s.remoteItemId });
    }
  }
  return results;
}
