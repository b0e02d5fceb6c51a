import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Test and benchmark fixtures kept in the repository (copied from the shared material so a
// clean clone on a fresh machine has them): resources/fixtures and scripts/gen-events.mjs.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
export const FIXTURES_DIR = join(root, 'resources', 'fixtures');
export const GEN_EVENTS = join(root, 'scripts', 'gen-events.mjs');
export const fixture = (path: string) => readFileSync(join(FIXTURES_DIR, path), 'utf8');
export const sampleEvents = (): Record<string, unknown>[] => JSON.parse(fixture('events/sample-50.json'));
