// Acknowledged events of the soak (scripts/soak.mjs), checked as it goes: every event sent to
// /v1/batch or /v1/track carries a number `properties.n`, given out in order per request; once all
// requests up to some number are answered, the events of that range are counted in the store
// (GET /studio/api/events/counts with a `where` on properties.n) and compared with the events of
// the range that were answered 200. Checked seconds after their answer, long before retention
// (a cap of the newest events) could delete them.

/** `count(where, cursor)`: the counts answer of the events API for a where filter (and a cursor of its `more`). */
export function ackLedger(count) {
  const requests = []; // in the order their numbers were given: { from, count, state }
  let next = 1;
  const totals = { acked: 0, found: 0, lost: 0, duplicates: 0, ranges: 0 };
  let checking = Promise.resolve();
  return {
    /** Numbers for the `count` events of one request. */
    allocate(n) {
      const request = { from: next, count: n, state: 'pending' };
      next += n;
      requests.push(request);
      return request;
    },
    settle(request, ok) {
      request.state = ok ? 'acked' : 'failed';
    },
    /** Counts the longest run of answered requests not yet checked. */
    verify() {
      checking = checking.then(async () => {
        let end = 0;
        let acked = 0;
        let failed = 0;
        while (end < requests.length && requests[end].state !== 'pending') {
          if (requests[end].state === 'acked') acked += requests[end].count;
          else failed += requests[end].count;
          end++;
        }
        if (end === 0) return;
        const from = requests[0].from;
        const to = requests[end - 1].from + requests[end - 1].count - 1;
        requests.splice(0, end);
        const where = `properties.n >= ${from} and properties.n <= ${to}`;
        let answer = await count(where);
        let found = answer.total;
        while (answer.more) found += (answer = await count(where, answer.more.cursor)).total;
        totals.acked += acked;
        totals.found += Math.min(found, acked);
        totals.ranges++;
        // A refused request's events may be stored too: only a shortfall below the acknowledged counts.
        if (found < acked) totals.lost += acked - found;
        if (found > acked + failed) totals.duplicates += found - acked - failed;
      });
      return checking;
    },
    totals: () => ({ ...totals }),
  };
}
