import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, TEST_EMAIL, TEST_TOKEN, type TestStudio } from '../testing/harness';

// Editing a remote in place (PATCH /studio/api/remotes/:name): a wrong token is replaced without
// removing the remote; the studio is its own remote here (real HTTP, real token file).

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

describe('PATCH /studio/api/remotes/:name', () => {
  it('replaces a wrong token, keeps it secret, and the connection works after', async () => {
    const added = await studio.call('POST', '/studio/api/remotes', { name: 'self', baseUrl: studio.url, email: TEST_EMAIL, token: 'wrong-token' });
    expect(added.status).toBe(200);
    expect((await studio.call('POST', '/studio/api/remotes/self/test')).body).toMatchObject({ ok: false, kind: 'unauthorized' });

    const edited = await studio.call('PATCH', '/studio/api/remotes/self', { token: TEST_TOKEN });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: added.body.id, name: 'self', baseUrl: studio.url, hasToken: true, hasWriteKey: false });
    expect(edited.text).not.toContain(TEST_TOKEN);
    expect((await studio.call('POST', '/studio/api/remotes/self/test')).body).toMatchObject({ ok: true });
    expect(readFileSync(join(studio.dataDir, 'remote-tokens.json'), 'utf8')).not.toContain(TEST_TOKEN);
  });

  it('edits the URLs and e-mail while the token stays; a write key can be added and removed', async () => {
    const edited = await studio.call('PATCH', '/studio/api/remotes/self', { baseUrl: `${studio.url}/`, dataPlaneUrl: 'https://dp.example.com', writeKey: 'wk-1' });
    expect(edited.body).toMatchObject({ baseUrl: studio.url, dataPlaneUrl: 'https://dp.example.com', hasToken: true, hasWriteKey: true });
    expect((await studio.call('POST', '/studio/api/remotes/self/test')).body).toMatchObject({ ok: true });
    const cleared = await studio.call('PATCH', '/studio/api/remotes/self', { dataPlaneUrl: '', writeKey: '' });
    expect(cleared.body).toMatchObject({ dataPlaneUrl: null, hasToken: true, hasWriteKey: false });
  });

  it('answers 400 for a bad URL or an unknown field, 404 for an unknown remote', async () => {
    const bad = await studio.call('PATCH', '/studio/api/remotes/self', { baseUrl: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error ?? bad.body.message).toMatch(/baseUrl.*http/);
    expect((await studio.call('PATCH', '/studio/api/remotes/self', { name: 'other' })).status).toBe(400);
    expect((await studio.call('PATCH', '/studio/api/remotes/nope', { token: 'x' })).status).toBe(404);
    expect((await studio.call('GET', '/studio/api/remotes')).body.remotes).toHaveLength(1);
  });
});
