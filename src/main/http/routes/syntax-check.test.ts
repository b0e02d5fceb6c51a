import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../../testing/harness';

// Over real HTTP against a real studio: the editor's syntax check says what a run says.

let studio: TestStudio;
beforeAll(async () => {
  studio = await startTestStudio();
});
afterAll(async () => {
  await studio.close();
});

const check = (code: string) => studio.call('POST', '/studio/api/syntax-check', { code });
const run = (code: string) => studio.call('POST', '/studio/api/test', { code, transformationName: 'T', events: [{ type: 'track', event: 'A' }] });

describe('POST /studio/api/syntax-check', () => {
  it("answers the run's own message and where, for the same line", async () => {
    const code = 'export function transformEvent(event) {\n  const total = 1 2;\n  return event;\n}\n';
    const checked = await check(code);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ ok: false, message: 'SyntaxError: Unexpected number', line: 2, column: 19 });
    const ran = await run(code);
    expect(ran.status).toBe(400);
    expect(ran.body.error).toMatch(/^SyntaxError: Unexpected number \[T:2:19\]/);
  });

  it('counts columns of the first line as the user wrote them', async () => {
    expect((await check('export const a = 1 2;')).body).toEqual({ ok: false, message: 'SyntaxError: Unexpected number', line: 1, column: 20 });
  });

  it('says ok for code that compiles, even when its imports cannot be resolved here', async () => {
    const code = "import { x } from 'someLib';\nthrow new Error('ran');\nexport function transformEvent(event) { return event; }\n";
    expect((await check(code)).body).toEqual({ ok: true });
    expect((await check('export function transformEvent(event) { return event; }')).body).toEqual({ ok: true });
  });

  it('refuses a body without code with a 400', async () => {
    expect((await check(undefined as unknown as string)).status).toBe(400);
  });
});
