import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type Store } from '../store';
import { createPipeline, type PipelineService } from './pipeline-service';

// A capture wakes the workers of the destinations connected to its source, and only those
// (docs/architecture.md, "The path of an event"): a real store, the real pipeline and workers.

let dir: string;
let store: Store;
let pipeline: PipelineService;
const log = () => ({ warn() {}, error() {}, info() {} }) as unknown as FastifyBaseLogger;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pipeline-routing-'));
  store = createStore(join(dir, 'studio.db'));
  for (const id of ['A', 'B']) store.sources.create({ id, name: `Source ${id}`, writeKey: `key-${id}`, enabled: true });
  const destination = (id: string, sourceIds: string[]) => store.destinations.create({ id, name: id, kind: 'capture', config: {}, enabled: true, transformationId: null, sourceIds });
  destination('only-A', ['A']);
  destination('only-B', ['B']);
  destination('A-and-B', ['A', 'B']);
  pipeline = createPipeline({ store, dataDir: dir, workspaceId: 'w', getSandbox: () => undefined, log, wakeDelayMs: 1 });
  pipeline.start();
});
afterEach(async () => {
  await pipeline.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const wakes = () => Object.fromEntries(['only-A', 'only-B', 'A-and-B'].map((id) => [id, pipeline.wakes(id)]));

describe('a capture wakes the destinations connected to its source', () => {
  it('a capture on source A wakes only-A and A-and-B, not only-B; one on B wakes only-B and A-and-B', async () => {
    const start = wakes();
    pipeline.notify('A');
    await expect.poll(() => pipeline.wakes('only-A')).toBe(start['only-A']! + 1);
    expect(wakes()).toEqual({ 'only-A': start['only-A']! + 1, 'only-B': start['only-B'], 'A-and-B': start['A-and-B']! + 1 });
    pipeline.notify('B');
    await expect.poll(() => pipeline.wakes('only-B')).toBe(start['only-B']! + 1);
    expect(wakes()).toEqual({ 'only-A': start['only-A']! + 1, 'only-B': start['only-B']! + 1, 'A-and-B': start['A-and-B']! + 2 });
  });

  it('a destination connected to A after the start is woken by A (the routing follows edits)', async () => {
    store.destinations.setSources('only-B', ['A', 'B']);
    pipeline.reconcile();
    const start = wakes();
    pipeline.notify('A');
    await expect.poll(() => pipeline.wakes('only-B')).toBe(start['only-B']! + 1);
  });
});
