// The soak's store fill (scripts/soak.mjs): events sent through /v1/batch at full speed by 4
// clients until `max` were sent. They carry no `n`: they are not in the ack ledger, and retention
// deletes them first. Returns how many were sent.

const FILL_BATCH = 500;

export async function fillStore({ url, writeKeyAuth, timed, max }) {
  let filled = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, client) => {
      while (filled < max) {
        const from = filled;
        filled += FILL_BATCH;
        const batch = Array.from({ length: FILL_BATCH }, (_, k) => ({ type: 'track', event: 'Soak fill', userId: `f${client}`, messageId: `fill-${from + k}`, properties: { fill: from + k } }));
        await timed('store fill /v1/batch', async () => {
          const r = await fetch(`${url}/v1/batch`, { method: 'POST', headers: { authorization: writeKeyAuth, 'content-type': 'application/json' }, body: JSON.stringify({ batch }) });
          if (r.status !== 200) throw new Error(`${r.status} ${await r.text()}`);
          await r.arrayBuffer();
        });
      }
    }),
  );
  return filled;
}
