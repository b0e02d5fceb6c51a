import type { SavedTestEventRecord } from '../store/test-events-repo';

/** A saved test's identity across studios: its event's messageId, else the event itself. */
const keyOf = (t: SavedTestEventRecord) => (typeof t.event.messageId === 'string' ? `m:${t.event.messageId}` : `e:${JSON.stringify(t.event)}`);

/**
 * Saved tests as they travel between studios: the side sending wins for a test on the same event
 * (same messageId), the receiving side's other tests stay after them, so neither side loses a test
 * the other does not have (a remote's own guard tests keep guarding its publish).
 */
export function mergeSavedTests(sent: SavedTestEventRecord[], kept: SavedTestEventRecord[]): SavedTestEventRecord[] {
  const sentKeys = new Set(sent.map(keyOf));
  return [...sent, ...kept.filter((t) => !sentKeys.has(keyOf(t)))];
}
