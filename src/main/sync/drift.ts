import type { Store } from '../store';
import type { LiveState, Pairing } from './changes';
import type { RemoteClient } from './remote-client';

/** Where an item is live on each side and whether the two differ (the drift badge). */
export async function liveState(store: Store, client: RemoteClient, p: Pairing, known?: { versionId: string; code: string }[]): Promise<LiveState> {
  const kind = (p.local ?? p.remote)!.kind;
  const repo = kind === 'library' ? store.libraries : store.transformations;
  // A library is live locally at its published version, else at the newest version live transformations are pinned to.
  const liveId = p.local?.liveVersionId ?? (kind === 'library' && p.local ? (store.libraryPins.forLibrary(p.local.id)[0]?.libraryVersionId ?? null) : null);
  const localVersion = liveId ? repo.version(liveId) : undefined;
  const localLive = localVersion ? { versionId: localVersion.id, number: localVersion.seq } : null;
  const remoteId = p.remote?.liveVersionId ?? null;
  if (!p.remote || !remoteId) {
    const drift = p.local && p.remote && localLive ? `nothing live on the remote, local destinations on v${localLive.number}` : null;
    return { localLive, remoteLive: null, drift };
  }
  // Remote numbers: the position in its version list (oldest first), as the hosted service counts them.
  const versions = known ?? (kind === 'library' ? await client.libraryVersions(p.remote.id) : await client.transformationVersions(p.remote.id));
  const index = versions.findIndex((v) => v.versionId === remoteId);
  const remoteLive = { versionId: remoteId, number: index >= 0 ? index + 1 : null };
  const remoteCode = remoteId === p.remote.versionId ? p.remote.code : versions[index]?.code;
  const at = remoteLive.number === null ? `version ${remoteId}` : `v${remoteLive.number}`;
  if (!p.local) return { localLive, remoteLive, drift: null };
  if (!localVersion) return { localLive, remoteLive, drift: `remote live on ${at}, nothing live locally` };
  const drift = remoteCode === localVersion.code ? null : `remote live on ${at}, local destinations on v${localVersion.seq}`;
  return { localLive, remoteLive, drift };
}
