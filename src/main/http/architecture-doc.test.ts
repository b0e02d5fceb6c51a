import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStudio, type TestStudio } from '../testing/harness';

// docs/architecture.md names files and routes; it drifts when they move. Every path it names
// (in backticks) exists, and every route it names is described by the running server's
// /openapi.json (or, for the two that describe no API, `/` and `/openapi.json`, answers).

const root = join(__dirname, '../../..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const quoted = [...new Set([...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!))];

/** Where a path named in the doc may be relative to (the doc names src/main's rooms by their folder). */
const BASES = ['', 'src', 'src/main', 'src/main/sandbox', 'src/renderer', 'docs'];
const EXTENSIONS = /\.(ts|tsx|mjs|js|json|md|css)$/;
const METHOD = /^(GET|POST|PUT|PATCH|DELETE) /;

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'out' || name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const basenames = new Set(['src', 'bench', 'scripts', 'bin', 'docs'].flatMap((dir) => walk(join(root, dir))).map((file) => file.slice(file.lastIndexOf('/') + 1)));

/** A path as the doc writes it: a glob or a placeholder is checked up to its first wildcard. */
function exists(path: string): boolean {
  const fixed = path.split(/[*<]/)[0]!.replace(/\/$/, '');
  if (!fixed.includes('/')) return basenames.has(fixed) || BASES.some((base) => existsSync(join(root, base, fixed)));
  return BASES.some((base) => existsSync(join(root, base, fixed)));
}

/** Names the doc quotes that look like paths but are not files: lint rules. */
const NOT_PATHS = new Set(['rooms/allowed-imports', 'rooms/renderer-features']);

const paths = quoted.filter((q) => !NOT_PATHS.has(q) && !q.startsWith('/') && !METHOD.test(q) && !q.includes(' ') && !q.startsWith('out/') && (q.includes('/') || EXTENSIONS.test(q)));
const routes = quoted.filter((q) => (q.startsWith('/') && !q.startsWith('//')) || METHOD.test(q)).map((q) => q.replace(METHOD, ''));

let t: TestStudio;
let apiPaths: string[];
beforeAll(async () => {
  t = await startTestStudio();
  apiPaths = Object.keys(((await (await fetch(`${t.url}/openapi.json`)).json()) as { paths: Record<string, unknown> }).paths);
});
afterAll(() => t.close());

/** A doc route (`/studio/api/…` is a prefix, `<call>` or `:id` any one segment) against the API's paths. */
function described(route: string): boolean {
  const prefix = /[…*]$/.test(route);
  const pattern = route.replace(/[…*]$/, '').replace(/\/$/, '') || '/';
  const segments = (p: string) => p.split('/').map((s) => (/^(<.*>|:.*|\{.*\})$/.test(s) ? '*' : s));
  const want = segments(pattern);
  return apiPaths.some((apiPath) => {
    const have = segments(apiPath.replace(/\/$/, '') || '/');
    if (prefix ? have.length < want.length : have.length !== want.length) return false;
    return want.every((s, i) => s === '*' || have[i] === '*' || (prefix && i === want.length - 1 ? have[i]!.startsWith(s) : have[i] === s));
  });
}

describe('docs/architecture.md matches the code', () => {
  it('names paths that exist', () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('names routes the server describes in /openapi.json', async () => {
    expect(routes.length).toBeGreaterThan(8);
    const missing: string[] = [];
    for (const route of routes) {
      if (described(route)) continue;
      if ((route === '/' || route === '/openapi.json') && (await fetch(`${t.url}${route}`)).status === 200) continue;
      missing.push(route);
    }
    expect(missing).toEqual([]);
  });
});
