import type { ItemPlan } from '../../shared/api/sync';
import type { DerivedVersionTests } from '../../shared/api/versions';
import type { LiveState, Pairing } from './changes';
import { pushChoice } from './push';
import { carriedText, notSentBackText, type TestsMerge } from './saved-tests-merge';

/** What the status knows of one pair besides the pair itself: both sides' numbers, messages and saved tests. */
export interface PlanInput {
  pair: Pairing;
  live: LiveState;
  /** The remote item's version ids, oldest first (their position is their number); empty when there is none. */
  remoteVersions: string[];
  /** The message of the remote's latest version (a studio remote; null otherwise). */
  remoteMessage: string | null;
  /** A local version's number. */
  localNumber: (versionId: string) => number | null;
  /** A local version's test status as derived now (version-status.ts, library-status.ts): what the push's gate will find. */
  tests: (versionId: string) => DerivedVersionTests | undefined;
  /** The remote is another studio (saved tests travel), not the hosted service. */
  studio: boolean;
  /** Saved tests of the local transformation and of the remote one (a studio remote). */
  localTests: number;
  remoteTests: number;
  /** What a push and a pull would do to them (saved-tests-merge.ts, with the link's base): the counts push.ts and pull.ts say after. */
  pushTests: Omit<TestsMerge, 'merged' | 'base'>;
  pullTests: Omit<TestsMerge, 'merged' | 'base'>;
}

const STATE_TEXT: Record<Pairing['state'], string> = {
  unchanged: 'in sync',
  'new-local': 'new locally',
  'new-remote': 'new on the remote',
  'changed-local': 'changed locally',
  'changed-remote': 'changed on the remote',
  both: 'CONFLICT (changed on both sides)',
};
const PUSHABLE = new Set(['new-local', 'changed-local']);
const PULLABLE = new Set(['new-remote', 'changed-remote']);
const quoted = (message: string | null | undefined) => (message ? ` “${message}”` : '');
const tests = (n: number) => `${n} saved test${n === 1 ? '' : 's'}`;

/**
 * One place that says, for one item, what `sync status` prints and the UI shows (its line), and
 * what push and pull would do with it before they do it: what is sent and what stays behind, with
 * the version numbers of both sides. push.ts and pull.ts act by the same rules (pushChoice).
 */
export function planItem(input: PlanInput): { line: string; synced: string | null; remoteNumber: number | null; push: ItemPlan | null; pushChosen: ItemPlan | null; pull: ItemPlan | null } {
  const { pair: p, live } = input;
  const kind = (p.local ?? p.remote)!.kind;
  const remoteNumber = input.remoteVersions.length || null;
  const numberOnRemote = (id: string | null | undefined) => {
    const at = id ? input.remoteVersions.indexOf(id) : -1;
    return at >= 0 ? at + 1 : null;
  };
  const link = p.link;
  const syncedLocal = link?.syncedLocalVersionId ? input.localNumber(link.syncedLocalVersionId) : null;
  const syncedRemote = numberOnRemote(link?.syncedRemoteVersionId);
  const synced = syncedLocal !== null && syncedRemote !== null ? `remote v${syncedRemote} = local v${syncedLocal}` : null;

  const pushPlan = (chosen: boolean): ItemPlan | null => {
    if (!PUSHABLE.has(p.state) || !p.local) return null;
    const choice = pushChoice(p, chosen ? { chosen: new Set([p]) } : {});
    if ('skip' in choice) return { what: choice.skip.message, staysBehind: [`local v${p.local.number}`] };
    const sent = choice.send;
    const status = input.tests(sent.versionId);
    if (status?.testStatus === 'failed') return { what: `not pushed: local publish would refuse local v${sent.number}: ${status.testSummary ?? 'its tests fail'}`, staysBehind: [`local v${p.local.number}`] };
    const staysBehind: string[] = [];
    if (sent.versionId !== p.local.versionId) staysBehind.push(`local v${p.local.number} (a draft, not published locally: select it to push it)`);
    let what = `sends local v${sent.number}${quoted(sent.message)} as remote v${(remoteNumber ?? 0) + 1}`;
    if (kind === 'transformation' && input.studio) {
      what += carriedText(input.pushTests, 'there');
      if (input.pushTests.notSentBack > 0) staysBehind.push(notSentBackText(input.pushTests.notSentBack, 'remote'));
      // Not run here: the remote's publish runs them and may refuse what passes here.
      if (input.pushTests.keptThere > 0) staysBehind.push(`${tests(input.pushTests.keptThere)} only on the remote stay there (its publish runs them too)`);
    } else if (kind === 'transformation' && input.localTests > 0) {
      staysBehind.push(`its ${tests(input.localTests)} (the hosted service keeps no saved tests)`);
    }
    // Out of date: the gate runs them at the push; the plan cannot say more than the status does now.
    if (status?.testStatus === 'out-of-date') what += `, if its tests pass (push runs them first; its status is out of date: ${(status.testReasons ?? []).join('; ')})`;
    return { what, staysBehind };
  };

  let pull: ItemPlan | null = null;
  if (PULLABLE.has(p.state) && p.remote && remoteNumber !== null) {
    const latest = p.local ? (p.local.number ?? 0) + 1 : remoteNumber;
    const range = p.local ? `remote v${remoteNumber}` : remoteNumber > 1 ? `remote v1–v${remoteNumber}` : 'remote v1';
    const as = p.local ? `local v${latest}` : remoteNumber > 1 ? `local v1–v${remoteNumber}` : 'local v1';
    let what = `imports ${range}${quoted(input.remoteMessage)} as ${as}`;
    const staysBehind: string[] = [];
    if (kind === 'transformation') {
      if (input.studio) {
        const t = input.pullTests;
        what += carriedText(t, 'here', input.localTests ? ` (merged with the ${input.localTests} here by event: ${t.sent + t.keptThere} in all)` : '');
        if (t.notSentBack > 0) staysBehind.push(notSentBackText(t.notSentBack, 'here'));
      } else if (input.localTests > 0) staysBehind.push(`the ${tests(input.localTests)} here stay as they are (the hosted service keeps none)`);
    }
    pull = { what, staysBehind };
  }

  const parts = [STATE_TEXT[p.state]];
  if (p.local) parts.push(`local v${p.local.number}${p.local.draft ? ' (draft)' : ''}`);
  if (remoteNumber !== null) parts.push(`remote v${remoteNumber}`);
  if (synced) parts.push(`last synced: ${synced}`);
  if (live.drift) parts.push(`drift: ${live.drift}`);
  return { line: parts.join(' · '), synced, remoteNumber, push: pushPlan(false), pushChosen: pushPlan(true), pull };
}
