// Two in-process studios for the sync tests (not used by the app): `local` with `remote` added
// as the remote "team", both closed after the file's tests.
import { afterAll, beforeAll } from 'vitest';
import { TEST_EMAIL, TEST_TOKEN, startTestStudio, type TestStudio } from './harness';
import { ok } from './management-support';

export function syncPair(): { local: TestStudio; remote: TestStudio } {
  const pair = {} as { local: TestStudio; remote: TestStudio };
  beforeAll(async () => {
    pair.remote = await startTestStudio();
    pair.local = await startTestStudio();
    await ok(pair.local, 'POST', '/studio/api/remotes', { name: 'team', baseUrl: pair.remote.url, email: TEST_EMAIL, token: TEST_TOKEN });
  });
  afterAll(async () => {
    await pair.local?.close();
    await pair.remote?.close();
  });
  return pair;
}
