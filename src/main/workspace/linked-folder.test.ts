// A folder opened as the workspace stays linked (real server, real files, real git).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';
import { copyFixture } from '../testing/workspace-cli';

const CODE = 'src/testdata/code.js';
let repo: string;
let s: TestStudio;
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
const meta = () => JSON.parse(readFileSync(join(repo, 'src/testdata/meta.json'), 'utf8'));
const latestOf = async (name: string) => (await s.call('GET', '/transformations')).body.transformations.find((t: any) => t.name === name);

beforeAll(async () => {
  repo = copyFixture();
  git('init', '-q', '-b', 'feature/totals');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'empty');
  git('add', '.');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'fixture');
  s = await startTestStudio({ workspace: { root: repo, meta: join(repo, 'src/testdata/meta.json') } });
});
afterAll(async () => {
  await s?.close();
  rmSync(repo, { recursive: true, force: true });
});

describe('a folder open as the workspace (--workspace DIR)', () => {
  it('links every artifact of meta.json to its file; git branch and changed files are shown', async () => {
    const folder = (await s.call('GET', '/studio/api/workspace')).body;
    expect(folder).toMatchObject({ linked: true, root: repo, git: { branch: 'feature/totals', changed: [] } });
    expect(folder.files.map((f: any) => `${f.kind} ${f.name} ${f.file}`).sort()).toEqual([
      'library orderTotals src/testdata/lib_orderTotals.js',
      'library shippingRegion src/testdata/lib_shippingRegion.js',
      'transformation Order summary src/testdata/code.js',
    ]);
  });

  it('a version saved in the studio is written to the file; a change on disk becomes a version', async () => {
    const t = await latestOf('Order summary');
    const edited = t.code.replace('orderId: event.properties?.orderId,', 'orderId: event.properties?.orderId,\n    source: "studio",');
    expect((await s.call('POST', `/transformations/${t.id}`, { code: edited, message: 'adds the source' })).status).toBe(200);
    await expect.poll(() => readFileSync(join(repo, CODE), 'utf8'), { timeout: 5000 }).toBe(edited);
    const versions = (await s.call('GET', `/studio/api/transformations/${t.id}/versions`)).body.versions;
    expect(versions[0].message).toBe('adds the source');
    await expect.poll(async () => (await s.call('GET', '/studio/api/workspace')).body.git.changed, { timeout: 5000 }).toEqual(['src/testdata/code.js']);

    const onDisk = edited.replace('"studio"', '"disk"');
    writeFileSync(join(repo, CODE), onDisk);
    await expect.poll(async () => (await latestOf('Order summary')).code, { timeout: 5000 }).toBe(onDisk);
    const after = (await s.call('GET', `/studio/api/transformations/${t.id}/versions`)).body.versions;
    expect(after[0].message).toBe('changed on disk: src/testdata/code.js');

    git('checkout', '--', CODE);
    await expect.poll(async () => (await latestOf('Order summary')).code, { timeout: 5000 }).toBe(readFileSync(join(repo, CODE), 'utf8'));
  });

  it('tests saved in the studio are written to the test files (the sidecar says what the Action cannot); tests changed on disk become the saved tests', async () => {
    const t = await latestOf('Order summary');
    const path = `/studio/api/transformations/${t.id}/test-events`;
    const { events } = (await s.call('GET', path)).body;
    expect(events).toHaveLength(3);
    const edited = events.map((e: any, i: number) => (i === 1 ? { ...e, name: 'Japan order', expected: [{ ...e.expected[0], total: 120 }] } : e));
    expect((await s.call('PUT', path, { events: edited })).status).toBe(200);
    const expectedFile = join(repo, 'src/testdata/expected.json');
    await expect.poll(() => JSON.parse(readFileSync(expectedFile, 'utf8'))[1].total, { timeout: 5000 }).toBe(120);
    expect(JSON.parse(readFileSync(join(repo, 'src/testdata/code.studio.json'), 'utf8')).tests).toEqual([{ input: 0 }, { name: 'Japan order', input: 1 }, { input: 2 }]);
    expect(JSON.parse(readFileSync(join(repo, 'src/testdata/events.json'), 'utf8'))).toEqual(events.map((e: any) => e.event));
    expect(meta().transformations[0]).toMatchObject({ 'test-input-file': './src/testdata/events.json', 'expected-output': './src/testdata/expected.json' });

    const onDisk = JSON.parse(readFileSync(expectedFile, 'utf8'));
    onDisk[2].country = 'XX';
    writeFileSync(expectedFile, JSON.stringify(onDisk));
    await expect.poll(async () => (await s.call('GET', path)).body.events[2].expected[0].country, { timeout: 5000 }).toBe('XX');
    const now = (await s.call('GET', path)).body.events;
    expect(now.map((e: any) => e.name ?? null)).toEqual([null, 'Japan order', null]);
    expect(now[1].expected[0].total).toBe(120);
  });

  it('the folder stream tells of each change it reconciled (a library changed on disk: its editor reloads)', async () => {
    const abort = new AbortController();
    const pushes: string[] = [];
    const response = await fetch(`${s.url}/studio/api/workspace/stream`, { headers: { authorization: s.auth }, signal: abort.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        pushes.push(decoder.decode(value));
      }
    })().catch(() => undefined);
    await expect.poll(() => pushes.join('')).toContain(': listening');
    const file = join(repo, 'src/testdata/lib_shippingRegion.js');
    const code = `${readFileSync(file, 'utf8')}\nexport const touched = true;\n`;
    writeFileSync(file, code);
    await expect.poll(() => pushes.join(''), { timeout: 5000 }).toMatch(/data: \{"revision":\d+\}/);
    const lib = (await s.call('GET', '/libraries')).body.libraries.find((l: any) => l.name === 'shippingRegion');
    expect(lib.code).toBe(code);
    abort.abort();
    await reading;
  });

  it('created, renamed and deleted in the studio: meta.json kept consistent', async () => {
    const created = (await s.call('POST', '/transformations', { name: 'Drop bots', code: 'export function transformEvent(e) { return e.userId === "bot" ? null : e; }' })).body;
    await expect.poll(() => meta().transformations.map((t: any) => t.name), { timeout: 5000 }).toEqual(['Order summary', 'Drop bots']);
    const entry = meta().transformations[1];
    expect(entry).toMatchObject({ file: 'src/testdata/drop-bots.js', language: 'javascript' });
    expect(readFileSync(join(repo, entry.file), 'utf8')).toContain('e.userId === "bot"');
    // Its first saved test: test files and an entry for them in meta.json (a dropped event: its count in the sidecar).
    expect((await s.call('PUT', `/studio/api/transformations/${created.id}/test-events`, { events: [{ event: { type: 'track', userId: 'bot' }, expected: [] }] })).status).toBe(200);
    await expect.poll(() => meta().transformations[1]['test-input-file'], { timeout: 5000 }).toBe('tests/drop-bots/events.json');
    expect(meta().transformations[1]['expected-output']).toBe('tests/drop-bots/expected.json');
    expect(JSON.parse(readFileSync(join(repo, 'tests/drop-bots/events.json'), 'utf8'))).toEqual([{ type: 'track', userId: 'bot' }]);
    expect(JSON.parse(readFileSync(join(repo, 'tests/drop-bots/expected.json'), 'utf8'))).toEqual([]);
    expect(JSON.parse(readFileSync(join(repo, 'src/testdata/drop-bots.studio.json'), 'utf8')).tests).toEqual([{ input: 0, outputs: 0 }]);

    expect((await s.call('POST', `/transformations/${created.id}`, { name: 'Drop bot traffic' })).status).toBe(200);
    await expect.poll(() => meta().transformations[1].name, { timeout: 5000 }).toBe('Drop bot traffic');
    expect((await s.call('DELETE', `/transformations/${created.id}`)).status).toBe(200);
    await expect.poll(() => meta().transformations.map((t: any) => t.name), { timeout: 5000 }).toEqual(['Order summary']);
  });
});
