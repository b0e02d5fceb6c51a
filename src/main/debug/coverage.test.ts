import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

// Issue 41: coverage of a transformation and its libraries by its saved tests, V8's precise
// coverage in a debug process, over the real HTTP API.

const CODE = `import { money } from 'formatting';

export function transformEvent(event, metadata) {
  // tracks carry totals
  if (event.type === 'identify') {
    event.traits = { ...event.traits, seen: true };
    return event;
  }
  const total = event.properties?.total ?? 0;
  event.properties = { ...event.properties, total: money(total) };
  return total > 100 ? { ...event, big: true } : event;
}
`;
const LIBRARY = `export function money(value) {
  return Number(value).toFixed(2);
}

export function unused() {
  return 'never';
}
`;

let studio: TestStudio;
let id: string;
beforeAll(async () => {
  studio = await startTestStudio();
  expect((await studio.call('POST', '/transformationLibraries', { name: 'formatting', code: LIBRARY })).status).toBe(200);
  const created = await studio.call('POST', '/transformations', { name: 'Branches', code: CODE });
  expect(created.status, created.text).toBe(200);
  id = created.body.id;
});
afterAll(async () => {
  await studio?.close();
});

const tests = (events: Record<string, unknown>[]) => studio.call('PUT', `/studio/api/transformations/${id}/test-events`, { events: events.map((event) => ({ event })) });
const cover = (body: Record<string, unknown> = {}) => studio.call('POST', '/studio/api/coverage', { code: CODE, transformationName: 'Branches', transformationId: id, ...body });
const lineOf = (script: any, n: number) => script.lines.find((l: any) => l.line === n);

describe('POST /studio/api/coverage', () => {
  it('saved tests of tracks only: the identify branch is not covered, its if line partly; an identify test covers it', async () => {
    expect((await tests([1, 2, 3].map((i) => ({ type: 'track', event: 'Order', properties: { total: i * 10 } })))).status).toBe(200);
    const answer = await cover();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ source: 'saved-tests', events: 3, failed: 0 });
    const [main, library] = answer.body.scripts;
    expect(main.url).toBe('Branches');
    expect(lineOf(main, 5)).toMatchObject({ status: 'partly', hits: 3 });
    expect(lineOf(main, 6)).toMatchObject({ status: 'not', hits: 0 });
    expect(lineOf(main, 7)).toMatchObject({ status: 'not' });
    expect(lineOf(main, 9)).toMatchObject({ status: 'partly', hits: 3 }); // `?? 0` never needed
    expect(lineOf(main, 10)).toMatchObject({ status: 'covered', hits: 3 });
    expect(lineOf(main, 4)).toBeUndefined(); // a comment is not code
    expect(lineOf(main, 11)).toMatchObject({ status: 'partly' }); // total > 100 never true
    const identify = main.branches.find((b: any) => b.kind === 'then' && b.line === 5);
    expect(identify).toMatchObject({ hits: 0, label: "if (event.type === 'identify')" });
    expect(main.branches.find((b: any) => b.kind === 'cond-then' && b.line === 11).hits).toBe(0);
    expect(main.summary.lines.covered).toBeLessThan(main.summary.lines.total);
    expect(main.summary.branches.covered).toBeLessThan(main.summary.branches.total);
    // The library: money ran 3 times, unused never.
    expect(library.url).toBe('library formatting');
    expect(lineOf(library, 2)).toMatchObject({ status: 'covered', hits: 3 });
    expect(lineOf(library, 6)).toMatchObject({ status: 'not', hits: 0 });

    expect((await tests([{ type: 'track', event: 'Order', properties: { total: 500 } }, { type: 'identify', userId: 'u1', traits: { plan: 'pro' } }])).status).toBe(200);
    const after = (await cover()).body.scripts[0];
    expect(lineOf(after, 5).status).toBe('covered');
    expect(lineOf(after, 6)).toMatchObject({ status: 'covered', hits: 1 });
    expect(after.branches.filter((b: any) => b.hits === 0).map((b: any) => b.label)).not.toContain("if (event.type === 'identify')");
  });

  it('covers given events and counts those that threw; code changed but not saved is what is covered', async () => {
    const throwing = CODE.replace('const total =', "if (event.event === 'Boom') throw new Error('boom');\n  const total =");
    const answer = await cover({ code: throwing, events: [{ type: 'track', event: 'Boom' }, { type: 'track', event: 'Ok', properties: { total: 1 } }] });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ source: 'events', events: 2, failed: 1 });
    expect(lineOf(answer.body.scripts[0], 9)).toMatchObject({ status: 'covered', hits: 2 }); // threw once, went on once
    expect(lineOf(answer.body.scripts[0], 6)).toMatchObject({ status: 'not', hits: 0 });
  });

  it('covers captured events, and refuses requests that say nothing to run with a 400', async () => {
    const none = await cover({ transformationId: undefined });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('transformationId');
    expect((await cover({ captured: {} })).status).toBe(400);
    // Nothing to run (no saved tests, an unknown id, no events) is a 400 at once, naming what to give.
    const untested = await cover({ transformationId: 'no-such-transformation' });
    expect(untested.status).toBe(400);
    expect(untested.body.error).toMatch(/"no-such-transformation" has no saved tests/);
    const empty = await cover({ events: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/events is empty/);
    const broken = await cover({ code: 'export function transformEvent(e) {' });
    expect(broken.status).toBe(400);
    // Code that loads but exports no transformEvent: its error, not the watchdog's "took longer
    // than 22 s" (the debug process hung disposing the isolate while its inspector session was open).
    const exportless = await cover({ code: 'export const x = 1;', events: [{}] });
    expect(exportless.status).toBe(400);
    expect(exportless.body.error).toMatch(/transformEvent/);
    expect(exportless.body.error).not.toMatch(/took longer/);
    const throwing = await cover({ code: "throw new Error('at load');\nexport function transformEvent(e) { return e; }", events: [{}] });
    expect(throwing.status).toBe(400);
    expect(throwing.body.error).toMatch(/at load/);
  });
});
