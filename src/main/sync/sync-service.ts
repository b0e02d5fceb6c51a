import type { ConnectionResult, ItemOutcome, Remote, RemoteInput, RemoteUpdate, ResolveRequest, SyncOutcome, SyncRequest, SyncStatus } from '../../shared/api/sync';
import { StudioError, badRequest, notFound } from '../errors';
import type { Store } from '../store';
import { newId } from '../store/ids';
import type { RemoteRecord } from '../store/sync-repo';
import type { SavedTestEventRecord } from '../store/test-events-repo';
import { pairItems, presentPairing, type Pairing } from './changes';
import { localItems, remoteLibraryItem, remoteTransformationItem } from './items';
import { markSynced, pull, pullSelection, type LocalWriter } from './pull';
import { liveState } from './drift';
import { planItem } from './plan';
import { commonBase, mergeSavedTests } from './saved-tests-merge';
import { push, pushSelection, type LocalGate } from './push';
import { RemoteError, remoteClient } from './remote-client';
import type { RemoteTokenStore } from './token-store';
import type { LocalTestStatus } from './local-gate';

function checkUrl(field: string, value: string): void {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw badRequest(`body: field "${field}" must be an http:// or https:// URL, such as https://api.rudderstack.com`);
  }
}

export interface SyncDeps {
  store: Store;
  tokens: RemoteTokenStore;
  local: LocalWriter;
  /** Local publish's verdict (push refuses what it refuses). */
  gate: LocalGate;
  /** A local version's test status as derived now: the plan says what the push's gate will do with it. */
  tests: LocalTestStatus;
  timeoutMs?: number;
}

/** Remotes, changes against a remote, push, pull and conflict resolution: the one service the UI and the CLI use. */
export function createSyncService({ store, tokens, local, gate, tests, timeoutMs }: SyncDeps) {
  const presentRemote = (r: RemoteRecord): Remote => {
    const secret = tokens.get(r.id);
    return { ...r, hasToken: Boolean(secret?.token), hasWriteKey: Boolean(secret?.writeKey) };
  };
  const mustRemote = (name: string): RemoteRecord => {
    const remote = store.sync.remoteByName(name);
    if (!remote) throw notFound(`no remote named "${name}"; add it first (known: ${store.sync.remotes().map((r) => r.name).join(', ') || 'none'})`);
    return remote;
  };
  const clientFor = (remote: RemoteRecord) => {
    const token = tokens.get(remote.id)?.token;
    if (!token) throw badRequest(`remote "${remote.name}" has no access token stored; edit the remote and enter one`);
    return remoteClient({ baseUrl: remote.baseUrl, email: remote.email, token, timeoutMs });
  };
  async function pairs(remote: RemoteRecord): Promise<Pairing[]> {
    const client = clientFor(remote);
    const [transformations, libraries] = await Promise.all([client.listTransformations(), client.listLibraries()]);
    const remotes = [...libraries.map(remoteLibraryItem), ...transformations.map(remoteTransformationItem)];
    return pairItems(localItems(store), remotes, store.sync.links(remote.id));
  }
  const localVersion = (p: Pairing, id: string) => (p.local?.kind === 'library' ? store.libraries.version(id) : store.transformations.version(id));
  /**
   * A link without a saved-tests base (made before links recorded one, migration 0195) takes the
   * keys both sides have when the status first sees them both, so a test deleted on one side from
   * then on is deleted on the other at the next sync, not brought back as new (null: no link, or
   * the remote's tests could not be read).
   */
  const adoptBase = (remote: RemoteRecord, p: Pairing, localTests: SavedTestEventRecord[], remoteTests: SavedTestEventRecord[] | null): string[] | null => {
    if (!p.link || !p.local || !remoteTests) return null;
    const base = commonBase(localTests, remoteTests);
    store.sync.setSyncedTests(remote.id, p.local.kind, p.local.id, base);
    return base;
  };
  /** Each pair as the status shows it: its live versions, its line, and what push and pull would do (plan.ts). */
  const present = async (remote: RemoteRecord, list: Pairing[]) => {
    const client = clientFor(remote);
    const studio = await client.isStudio();
    return Promise.all(
      list.map(async (p) => {
        const r = p.remote;
        const versions = r ? await (r.kind === 'library' ? client.libraryVersions(r.id) : client.transformationVersions(r.id)) : [];
        const messages = r && studio ? await client.versionMessages(r.kind, r.id) : new Map<string, string>();
        const transformation = (p.local ?? r)!.kind === 'transformation';
        const fetched = r && studio && transformation ? await client.savedTests(r.id).catch(() => null) : null;
        const remoteTests = fetched ?? [];
        const localTests = p.local && transformation ? store.testEvents.list(p.local.id) : [];
        const base = p.link?.syncedTests ?? adoptBase(remote, p, localTests, fetched);
        const live = await liveState(store, client, p, versions);
        const plan = planItem({
          pair: p, live, studio,
          localTests: localTests.length, remoteTests: remoteTests.length,
          pushTests: mergeSavedTests(localTests, remoteTests, base),
          pullTests: mergeSavedTests(remoteTests, localTests, base),
          remoteVersions: versions.map((v) => v.versionId),
          remoteMessage: r ? messages.get(r.versionId) ?? null : null,
          localNumber: (id) => localVersion(p, id)?.seq ?? null,
          tests: (id) => tests((p.local ?? r)!.kind, id),
        });
        return { ...presentPairing(p, live), ...plan };
      }),
    );
  };
  const summary = (results: ItemOutcome[]): SyncOutcome => ({ ok: results.every((r) => r.ok), results });

  return {
    listRemotes: (): Remote[] => store.sync.remotes().map(presentRemote),
    addRemote(input: RemoteInput): Remote {
      checkUrl('baseUrl', input.baseUrl);
      if (input.dataPlaneUrl) checkUrl('dataPlaneUrl', input.dataPlaneUrl);
      if (store.sync.remoteByName(input.name)) throw new StudioError('conflict', `a remote named "${input.name}" exists already; pick another name`);
      const record: RemoteRecord = {
        id: newId(),
        name: input.name,
        baseUrl: input.baseUrl.replace(/\/+$/, ''),
        email: input.email,
        dataPlaneUrl: input.dataPlaneUrl ? input.dataPlaneUrl : null,
        createdAt: new Date().toISOString(),
      };
      tokens.set(record.id, { token: input.token, ...(input.writeKey ? { writeKey: input.writeKey } : {}) });
      store.sync.addRemote(record);
      return presentRemote(record);
    },
    /** Edits a remote in place: its URLs, e-mail, a new token or write key (left out: kept). */
    updateRemote(name: string, input: RemoteUpdate): Remote {
      const remote = mustRemote(name);
      if (input.baseUrl !== undefined) checkUrl('baseUrl', input.baseUrl);
      if (input.dataPlaneUrl) checkUrl('dataPlaneUrl', input.dataPlaneUrl);
      const record: RemoteRecord = {
        ...remote,
        ...(input.baseUrl !== undefined ? { baseUrl: input.baseUrl.replace(/\/+$/, '') } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.dataPlaneUrl !== undefined ? { dataPlaneUrl: input.dataPlaneUrl || null } : {}),
      };
      if (input.token !== undefined || input.writeKey !== undefined) {
        const secret = tokens.get(remote.id);
        const token = input.token ?? secret?.token;
        if (!token) throw badRequest('body: field "token" is required: this remote has no access token stored');
        const writeKey = input.writeKey !== undefined ? input.writeKey : secret?.writeKey;
        tokens.set(remote.id, { token, ...(writeKey ? { writeKey } : {}) });
      }
      store.sync.updateRemote(record);
      return presentRemote(record);
    },
    removeRemote(name: string): { success: true } {
      const remote = mustRemote(name);
      store.sync.deleteRemote(remote.id);
      tokens.delete(remote.id);
      return { success: true };
    },
    /** Test connection: lists both collections and explains the first failure. */
    async testConnection(name: string): Promise<ConnectionResult> {
      const client = clientFor(mustRemote(name));
      try {
        // Both asked at once; the first failure in this order is the one explained (whichever
        // answered first would make the message depend on timing).
        const [t, l] = await Promise.allSettled([client.listTransformations(), client.listLibraries()]);
        if (t.status === 'rejected') throw t.reason;
        if (l.status === 'rejected') throw l.reason;
        const [transformations, libraries] = [t.value, l.value];
        return { ok: true, message: `connected: ${transformations.length} transformations, ${libraries.length} libraries`, transformations: transformations.length, libraries: libraries.length };
      } catch (error) {
        if (error instanceof RemoteError) return { ok: false, kind: error.kind, message: error.message };
        throw error;
      }
    },
    async status(name: string): Promise<SyncStatus> {
      const remote = mustRemote(name);
      return { remote: remote.name, items: await present(remote, await pairs(remote)) };
    },
    async push(name: string, request: SyncRequest = {}): Promise<SyncOutcome> {
      const remote = mustRemote(name);
      const all = await pairs(remote);
      const selected = pushSelection(all, request.items);
      const chosen = request.items ? new Set(selected) : undefined;
      const client = clientFor(remote);
      return summary(await push(store, remote.id, client, selected, { commitId: request.commitId, gate, drafts: request.drafts, chosen, studio: await client.isStudio() }));
    },
    async pull(name: string, request: SyncRequest = {}): Promise<SyncOutcome> {
      const remote = mustRemote(name);
      const all = await pairs(remote);
      const client = clientFor(remote);
      return summary(await pull(store, remote.id, client, local, pullSelection(all, request.items), { studio: await client.isStudio() }));
    },
    /**
     * Resolves a conflict: the remote's current version becomes the new common base; the local
     * item gets the chosen code (unchanged for keep-local). Nothing is sent to the remote: push next.
     */
    async resolve(name: string, request: ResolveRequest): Promise<SyncStatus> {
      const remote = mustRemote(name);
      const pair = (await pairs(remote)).find((p) => p.local?.kind === request.kind && p.local.id === request.localId);
      if (!pair?.local) throw notFound(`no local ${request.kind} "${request.localId}"`);
      if (!pair.remote) throw badRequest(`${request.kind} "${pair.local.name}" has no remote counterpart: push it`);
      if (request.choice === 'merged' && request.code === undefined) throw badRequest('body: field "code" is required with choice "merged"');
      const code = request.choice === 'take-remote' ? pair.remote.code : request.choice === 'merged' ? request.code! : pair.local.code;
      let saved = { id: pair.local.id, versionId: pair.local.versionId };
      if (code !== pair.local.code || (request.choice === 'take-remote' && pair.local.name !== pair.remote.name)) {
        saved = await local.update(request.kind, pair.local.id, { ...(request.choice === 'take-remote' ? { name: pair.remote.name } : {}), description: pair.local.description, code });
      }
      markSynced(store, remote.id, request.kind, saved, pair.remote);
      // The new link's saved-tests base is the keys both sides have now (adoptBase, as the status shows it).
      return { remote: remote.name, items: await present(remote, await pairs(remote)) };
    },
  };
}
export type SyncService = ReturnType<typeof createSyncService>;
