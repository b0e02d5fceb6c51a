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

  it('created, renamed and deleted in the studio: meta.json kept consistent', async () => {
    const created = (await s.call('POST', '/transformations', { name: 'Drop bots', code: 'export function transformEvent(e) { return e.userId === "bot" ? null : e; }' })).body;
    await expect.poll(() => meta().transformations.map((t: any) => t.name), { timeout: 5000 }).toEqual(['Order summary', 'Drop bots']);
    const entry = meta().transformations[1];
    expect(entry).toMatchObject({ file: 'src/testdata/drop-bots.js', language: 'javascript' });
    expect(readFileSync(join(repo, entry.file), 'utf8')).toContain('e.userId === "bot"');

    expect((await s.call('POST', `/transformations/${created.id}`, { name: 'Drop bot traffic' })).status).toBe(200);
    await expect.poll(() => meta().transformations[1].name, { timeout: 5000 }).toBe('Drop bot traffic');
    expect((await s.call('DELETE', `/transformations/${created.id}`)).status).toBe(200);
    await expect.poll(() => meta().transformations.map((t: any) => t.name), { timeout: 5000 }).toEqual(['Order summary']);
  });
});
