import type { ChangeItem, ChangeState } from '../../shared/api/sync';
import type { LinkRecord } from '../store/sync-repo';
import type { SyncItem } from './items';

/** One item in both places (either may be missing) with its link and computed state. */
export interface Pairing {
  local: SyncItem | null;
  remote: SyncItem | null;
  link: LinkRecord | null;
  state: ChangeState;
}

const key = (kind: string, id: string) => `${kind}:${id}`;

function stateOf(local: SyncItem | null, remote: SyncItem | null, link: LinkRecord | null): ChangeState {
  if (local && !remote) return 'new-local';
  if (!local && remote) return 'new-remote';
  if (!local || !remote) return 'unchanged';
  // Our own create/update whose publish did not succeed: still to push (publish), whatever the code.
  if (link?.pendingRemoteVersionId && link.pendingRemoteVersionId === remote.versionId) return 'changed-local';
  if (local.code === remote.code && local.name === remote.name) return 'unchanged';
  if (!link || link.baseCode === null) {
    return 'both'; // never synced (matched by name): no common base to decide on

  }
  const remoteChanged = remote.versionId !== link.syncedRemoteVersionId && remote.versionId !== link.pendingRemoteVersionId;
  const localChanged = local.code !== link.baseCode || local.name !== link.baseName;
  if (remoteChanged && localChanged) return 'both';
  if (remoteChanged) return 'changed-remote';
  return localChanged ? 'changed-local' : 'unchanged';
}

/**
 * Pairs local and remote items: first by the stored link (local id <-> remote id), then by
 * kind and name among the ones not linked yet. Libraries come before transformations.
 */
export function pairItems(locals: SyncItem[], remotes: SyncItem[], links: LinkRecord[]): Pairing[] {
  const remoteById = new Map(remotes.map((r) => [key(r.kind, r.id), r]));
  const linkByLocal = new Map(links.map((l) => [key(l.kind, l.localId), l]));
  const claimed = new Set<string>();
  const pairs: Pairing[] = [];
  const pending: SyncItem[] = [];
  for (const local of locals) {
    const link = linkByLocal.get(key(local.kind, local.id)) ?? null;
    const remote = link ? remoteById.get(key(local.kind, link.remoteItemId)) ?? null : null;
    if (remote) {
      claimed.add(key(remote.kind, remote.id));
      pairs.push({ local, remote, link, state: stateOf(local, remote, link) });
    } else pending.push(local);
  }
  const linkedRemote = new Set(links.map((l) => key(l.kind, l.remoteItemId)));
  for (const local of pending) {
    const remote = remotes.find((r) => r.kind === local.kind && r.name === local.name && !claimed.has(key(r.kind, r.id)) && !linkedRemote.has(key(r.kind, r.id))) ?? null;
    if (remote) claimed.add(key(remote.kind, remote.id));
    const link = linkByLocal.get(key(local.kind, local.id));
    const usable = link && remote && link.remoteItemId === remote.id ? link : null;
    pairs.push({ local, remote, link: usable, state: stateOf(local, remote, usable) });
  }
  for (const remote of remotes) {
    if (!claimed.has(key(remote.kind, remote.id)) && !linkedRemote.has(key(remote.kind, remote.id))) {
      pairs.push({ local: null, remote, link: null, state: 'new-remote' });
    }
  }
  const order = (p: Pairing) => ((p.local ?? p.remote)!.kind === 'library' ? 0 : 1);
  return pairs.sort((a, b) => order(a) - order(b) || (a.local ?? a.remote)!.name.localeCompare((b.local ?? b.remote)!.name));
}

export interface LiveState {
  localLive: { versionId: string; number: number } | null;
  remoteLive: { versionId: string; number: number | null } | null;
  /** Said when the code live on the remote is not the code live here ("remote live on v7, local destinations on v4"). */
  drift: string | null;
}

/** A pair with its live versions, as the status shows it (its line and plans come from plan.ts). */
export const presentPairing = (p: Pairing, live: LiveState): Omit<ChangeItem, 'line' | 'synced' | 'remoteNumber' | 'push' | 'pushChosen' | 'pull'> => ({
  ...live,
  draft: p.local?.draft === true,
  localNumber: p.local?.number ?? null,
  kind: (p.local ?? p.remote)!.kind,
  name: (p.local ?? p.remote)!.name,
  state: p.state,
  localId: p.local?.id ?? null,
  remoteItemId: p.remote?.id ?? null,
  localVersionId: p.local?.versionId ?? null,
  remoteVersionId: p.remote?.versionId ?? null,
  localCode: p.local?.code ?? null,
  remoteCode: p.remote?.code ?? null,
  baseCode: p.link?.baseCode ?? null,
  lastSyncedAt: p.link?.syncedAt ?? null,
});
