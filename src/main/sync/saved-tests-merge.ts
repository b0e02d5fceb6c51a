import type { SavedTestEventRecord } from '../store/test-events-repo';

/** A saved test's identity across studios: its event's messageId, else the event itself. */
export const savedTestKey = (t: SavedTestEventRecord) => (typeof t.event.messageId === 'string' ? `m:${t.event.messageId}` : `e:${JSON.stringify(t.event)}`);

/** What one push or pull does to saved tests, counted for the plan and the outcome (the same numbers). */
export interface TestsMerge {
  /** The receiving side's saved tests after it. */
  merged: SavedTestEventRecord[];
  /** The keys to record on the link as both sides' common base after it. */
  base: string[];
  /** Sent: the sender's tests that go (not deleted on the receiving side since the base). */
  sent: number;
  /** The receiver's tests it deletes: deleted on the sending side since the base. */
  deleted: number;
  /** The sender's tests it does not send: deleted on the receiving side since the base. */
  notSentBack: number;
  /** The receiver's own tests it keeps (added there since the base). */
  keptThere: number;
}

/**
 * Saved tests as they travel between studios, merged three ways on their keys with the base the
 * link recorded at the last push or pull of them (null: never, so nothing counts as deleted): a
 * test on both sides takes the sender's content; a test of the base missing on one side was
 * deleted there and goes from the other; a test not in the base is new on its side and stays (a
 * remote's own guard tests keep guarding its publish). The new base: the keys both sides have
 * after it, and the base's keys still on one side (a deletion the other side has yet to take).
 */
export function mergeSavedTests(sent: SavedTestEventRecord[], kept: SavedTestEventRecord[], base: readonly string[] | null = null): TestsMerge {
  const was = new Set(base ?? []);
  const sentKeys = new Set(sent.map(savedTestKey));
  const keptKeys = new Set(kept.map(savedTestKey));
  const going = sent.filter((t) => keptKeys.has(savedTestKey(t)) || !was.has(savedTestKey(t)));
  const staying = kept.filter((t) => !sentKeys.has(savedTestKey(t)) && !was.has(savedTestKey(t)));
  const merged = [...going, ...staying];
  const mergedKeys = new Set(merged.map(savedTestKey));
  const nextBase = [...new Set([...sentKeys].filter((k) => mergedKeys.has(k)).concat([...was].filter((k) => sentKeys.has(k) || mergedKeys.has(k))))];
  return {
    merged,
    base: nextBase,
    sent: going.length,
    deleted: kept.filter((t) => !sentKeys.has(savedTestKey(t)) && was.has(savedTestKey(t))).length,
    notSentBack: sent.length - going.length,
    keptThere: staying.length,
  };
}

/**
 * The base a link starts from when it is made without a push or pull of saved tests (a resolved
 * conflict between items paired by name): the keys both sides have then. A test on both sides that
 * one side deletes later is deleted on the other at the first sync after it; a test on one side
 * only is that side's own and travels (not taken for a deletion).
 */
export function commonBase(here: SavedTestEventRecord[], there: SavedTestEventRecord[]): string[] {
  const thereKeys = new Set(there.map(savedTestKey));
  return [...new Set(here.map(savedTestKey))].filter((k) => thereKeys.has(k));
}

const savedTests = (n: number) => `${n} saved test${n === 1 ? '' : 's'}`;

/**
 * What a push (`there`: the remote's tests change) or a pull (`here`) does to saved tests, in the
 * words the plan and the outcome both use: ", with its 2 saved tests, deleting 1 saved test there
 * deleted here" (`detail` goes after the count sent).
 */
export function carriedText(m: Pick<TestsMerge, 'sent' | 'deleted'>, changes: 'there' | 'here', detail = ''): string {
  const parts: string[] = [];
  if (m.sent) parts.push(`with its ${savedTests(m.sent)}${detail}`);
  if (m.deleted) parts.push(`deleting ${savedTests(m.deleted)} ${changes === 'there' ? 'there deleted here' : 'here deleted on the remote'}`);
  return parts.map((p) => `, ${p}`).join('');
}

/** The sender's tests a push or pull does not send back, deleted on the receiving side (what stays behind). */
export function notSentBackText(n: number, receiver: 'remote' | 'here'): string {
  const one = n === 1;
  return receiver === 'remote'
    ? `${savedTests(n)} deleted on the remote ${one ? 'is' : 'are'} not sent back (a pull deletes ${one ? 'it' : 'them'} here)`
    : `${savedTests(n)} deleted here ${one ? 'is' : 'are'} not taken back (a push deletes ${one ? 'it' : 'them'} there)`;
}
