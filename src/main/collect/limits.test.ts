import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { batchOfSize, jsonOfSize, listEvents, send } from '../testing/event-helpers';
import { MAX_BATCH_BYTES, MAX_BATCH_CALL_BYTES, MAX_CALL_BYTES } from './limits';

// Seed 001 "Limits": 32 KB per call, 4 MB per batch request, 32 KB per call in a batch;
// each tested just under (accepted) and just over (400, nothing stored).

let t: TestStudio;
beforeAll(async () => {
  t = await startTestStudio();
});
afterAll(async () => {
  await t.close();
});

const stored = async (userId: string) => (await listEvents(t, `userId=${userId}&limit=500`)).events.length;

describe('limits', () => {
  it('uses the seed values', () => {
    expect(MAX_CALL_BYTES).toBe(32 * 1024);
    expect(MAX_BATCH_BYTES).toBe(4 * 1024 * 1024);
    expect(MAX_BATCH_CALL_BYTES).toBe(32 * 1024);
  });

  it('accepts a single call of exactly 32 KB and rejects one byte more', async () => {
    const at = jsonOfSize({ userId: 'single-at', event: 'Big' }, MAX_CALL_BYTES);
    expect(Buffer.byteLength(at)).toBe(32768);
    expect((await send(t, '/v1/track', at)).text).toBe('OK');
    expect(await stored('single-at')).toBe(1);

    const over = jsonOfSize({ userId: 'single-over', event: 'Big' }, MAX_CALL_BYTES + 1);
    const answer = await send(t, '/v1/track', over);
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('request size exceeds max limit: 32769 bytes is more than 32 KB (32768 bytes) per call');
    expect(await stored('single-over')).toBe(0);
  });

  it('applies the 32 KB limit to every single-call endpoint', async () => {
    for (const type of ['identify', 'page', 'screen', 'group', 'alias', 'merge']) {
      const body = { userId: 'limit-all', name: 'n', groupId: 'g', previousId: 'p', mergeProperties: [{ type: 'a', value: 'b' }] };
      expect((await send(t, `/v1/${type}`, jsonOfSize(body, MAX_CALL_BYTES))).status).toBe(200);
      expect((await send(t, `/v1/${type}`, jsonOfSize(body, MAX_CALL_BYTES + 1))).status).toBe(400);
    }
    expect(await stored('limit-all')).toBe(6);
  });

  it('accepts a batch request of exactly 4 MB and rejects one byte more', async () => {
    const entry = { type: 'track', userId: 'batch-at', event: 'Bulk' };
    const at = batchOfSize(entry, 200, MAX_BATCH_BYTES);
    expect(Buffer.byteLength(at)).toBe(4 * 1024 * 1024);
    expect((await send(t, '/v1/batch', at)).text).toBe('OK');
    expect(await stored('batch-at')).toBe(200);

    const over = batchOfSize({ ...entry, userId: 'batch-over' }, 200, MAX_BATCH_BYTES + 1);
    const answer = await send(t, '/v1/batch', over);
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('request size exceeds max limit: 4194305 bytes is more than 4 MB (4194304 bytes) per batch request');
    expect(await stored('batch-over')).toBe(0);
  });

  it('rejects far larger bodies with the same 400 text (cut off while reading)', async () => {
    const huge = batchOfSize({ type: 'track', userId: 'huge', event: 'x' }, 200, 6 * 1024 * 1024);
    const answer = await send(t, '/v1/batch', huge);
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/^request size exceeds max limit/);
    expect(await stored('huge')).toBe(0);
  });

  it('accepts a call of exactly 32 KB inside a batch and rejects one byte more, naming the entry', async () => {
    const small = { type: 'track', userId: 'in-batch', event: 'Small' };
    const atEntry = jsonOfSize({ type: 'identify', userId: 'in-batch' }, MAX_BATCH_CALL_BYTES);
    const okBody = `{"batch":[${JSON.stringify(small)},${atEntry}]}`;
    expect((await send(t, '/v1/batch', okBody)).text).toBe('OK');
    expect(await stored('in-batch')).toBe(2);

    const overEntry = jsonOfSize({ type: 'identify', userId: 'in-batch-over' }, MAX_BATCH_CALL_BYTES + 1);
    const answer = await send(t, '/v1/batch', `{"batch":[${JSON.stringify({ ...small, userId: 'in-batch-over' })},${overEntry}]}`);
    expect(answer.status).toBe(400);
    expect(answer.text).toBe('batch[1]: event size exceeds max limit: 32769 bytes is more than 32 KB (32768 bytes) per call in a batch');
    expect(await stored('in-batch-over')).toBe(0);
  });
});

describe('oversize bodies without a Content-Length', () => {
  it('are cut off while streaming with the same 400 text', async () => {
    const { request } = await import('node:http');
    const target = new URL(t.url);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { host: target.hostname, port: target.port, method: 'POST', path: '/v1/batch', headers: { authorization: t.writeKeyAuth, 'transfer-encoding': 'chunked' } },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      // The server drops the connection after answering: a write error may follow (or even
      // overtake) the answer, so give the answer a moment before failing.
      req.on('error', (error) => setTimeout(() => reject(error), 500));
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 80) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toMatch(/^request size exceeds max limit/);
  });
});
