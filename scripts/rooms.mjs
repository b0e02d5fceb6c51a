// The Rooms table of docs/architecture.md as data: every folder and loose file of src/main, and
// what it may import besides itself, src/shared/ and errors.ts. eslint.config.js turns it into
// lint zones (scripts/eslint-rooms.mjs); scripts/rooms.test.ts checks that every folder of
// src/main is here and that the table in the docs names the same rooms.
//
//   may:      rooms it may import (a room's files, or only its `entries` when it has them)
//   entries:  the files of a room other rooms may import (its front door)
//   deep:     rooms that may import any file of this one
//   parent:   a room inside another (the sandbox's rooms); `may` names siblings (and the parent
//             room's own files by its name)
//   outside:  of a room inside another: the other rooms it may import (default: its parent's)
//   files:    files of the room allowed an import the room is not (a debt, named in the table)

export const ALWAYS = ['errors.ts', 'shared'];

export const ROOMS = {
  'studio.ts': { may: ['*'] },
  'context.ts': { may: ['*'] },
  'errors.ts': { may: [] },
  'native.ts': { may: [] },
  // schema-repo.ts stores the schema builder's day buckets (its types): a debt to move to schema/.
  store: { may: ['native.ts'], files: { 'schema-repo.ts': ['schema'] } },
  schema: { may: ['store'] },
  security: { may: ['store'] },
  backup: { may: ['store'] },
  sandbox: {
    may: ['native.ts', 'hosts/node-flags.json'],
    // worker-api.ts: what a worker of another room, run in the background sandbox process, gets.
    entries: ['index.ts', 'protocol/grouped.ts', 'worker-api.ts'],
    deep: ['debug', 'testing', 'studio.ts'],
  },
  'sandbox/index.ts': { parent: 'sandbox', may: ['sandbox/core', 'sandbox/isolate', 'sandbox/supervision', 'sandbox/types.ts'] },
  'sandbox/worker-api.ts': { parent: 'sandbox', may: ['sandbox/child', 'sandbox/protocol', 'sandbox/types.ts'] },
  'sandbox/types.ts': { parent: 'sandbox', may: [] },
  'sandbox/errors.ts': { parent: 'sandbox', may: [] },
  'sandbox/warm-pool.ts': { parent: 'sandbox', may: [] },
  'sandbox/core': { parent: 'sandbox', may: ['sandbox/supervision', 'sandbox/protocol', 'sandbox/warm-pool.ts', 'sandbox/errors.ts', 'sandbox/types.ts'] },
  'sandbox/supervision': { parent: 'sandbox', may: ['sandbox/protocol', 'sandbox/child', 'sandbox/warm-pool.ts', 'sandbox/errors.ts', 'sandbox/types.ts'] },
  'sandbox/protocol': { parent: 'sandbox', may: ['sandbox/host', 'sandbox/errors.ts', 'sandbox/types.ts'] },
  'sandbox/child': { parent: 'sandbox', may: ['sandbox/isolate', 'sandbox/protocol', 'sandbox/warm-pool.ts', 'sandbox/errors.ts', 'sandbox/types.ts'] },
  'sandbox/isolate': { parent: 'sandbox', may: ['sandbox/host', 'sandbox/protocol', 'sandbox/errors.ts', 'sandbox/types.ts'] },
  'sandbox/host': { parent: 'sandbox', may: ['sandbox/types.ts'] },
  management: { may: ['store', 'sandbox', 'collect'] },
  // The one background-job loop (sleep, wake, stop, back-off, progress): imports nothing.
  jobs: { may: [] },
  collect: { may: ['store', 'jobs'] },
  pipeline: { may: ['store', 'sandbox', 'collect', 'security', 'jobs'] },
  replay: { may: ['store', 'sandbox', 'management', 'collect', 'pipeline', 'jobs', 'replay/worker'] },
  // Replay's batch worker: loaded in the background sandbox process (registered with it by
  // studio.ts), so it reaches only the sandbox's worker-api.ts (and index.ts's types): never the
  // store, so nothing that runs user code opens the database.
  'replay/worker': { parent: 'replay', may: [], outside: ['sandbox'] },
  sync: { may: ['store', 'management', 'security'] },
  workspace: { may: ['management'] },
  debug: { may: ['sandbox', 'management', 'store', 'hosts/node-flags.json'] },
  fuzz: { may: ['sandbox', 'management', 'schema', 'collect'] },
  // The studio's own settings and state (sandbox and management API settings, credentials for user
  // code, the UI's state): services over the store.
  settings: { may: ['store', 'management'] },
  // Routes reach data only through services: never the store.
  http: { may: ['context.ts', 'security', 'backup', 'collect', 'management', 'pipeline', 'replay', 'sync', 'debug', 'schema', 'fuzz', 'settings', 'workspace'] },
  testing: { may: ['*'] },
  'hosts/node-flags.json': { may: [] },
  'hosts/paths.ts': { may: [] },
  'hosts/startup-trace.ts': { may: [] },
  'hosts/headless': { may: ['studio.ts', 'security', 'hosts/paths.ts', 'hosts/startup-trace.ts'] },
  'hosts/supervisor': { may: ['hosts/headless', 'hosts/node-flags.json'] },
  'hosts/desktop': { may: ['hosts/supervisor', 'hosts/paths.ts'] },
  'hosts/packaging': { may: [] },
};

/** The room of a path relative to src/main: the longest key that is the path or a folder above it. */
export function roomOf(rel) {
  let best;
  for (const key of Object.keys(ROOMS)) if ((rel === key || rel.startsWith(`${key}/`)) && (!best || key.length > best.length)) best = key;
  return best;
}

/** Why `from` (a file of src/main) may not import `to` (relative to src/main, or 'shared'); undefined when it may. */
export function refusal(from, to) {
  if (to === 'shared') return undefined;
  const a = roomOf(from);
  const b = roomOf(to);
  if (!a || !b) return `${!a ? from : to} is in no room of the Rooms table (scripts/rooms.mjs)`;
  if (a === b || ALWAYS.includes(b)) return undefined;
  const top = (room) => ROOMS[room].parent ?? room;
  const [ta, tb] = [top(a), top(b)];
  if (ta === tb) return ROOMS[a].may.includes(b) ? undefined : `${a} may import ${ROOMS[a].may.join(', ') || 'nothing else'} of ${ta}, not ${b}`;
  const room = ROOMS[ta];
  const extra = Object.entries(room.files ?? {}).find(([file]) => from === `${ta}/${file}`)?.[1] ?? [];
  const [who, may] = ROOMS[a].outside ? [a, ROOMS[a].outside] : [ta, room.may];
  if (!may.includes('*') && !may.includes(tb) && !extra.includes(tb)) return `${who} may import ${may.join(', ') || 'nothing'} (and shared/, errors.ts), not ${tb}`;
  const entries = ROOMS[tb].entries;
  if (entries && !(ROOMS[tb].deep ?? []).includes(ta) && !entries.some((entry) => to === `${tb}/${entry}`)) return `other rooms import ${tb} through ${entries.map((e) => `${tb}/${e}`).join(' or ')}, not ${to}`;
  return undefined;
}

// The renderer's rooms (src/renderer): a feature (features/<name>/) imports the shared folders and
// other features only through their front door, features/<name>/index.ts; the shell loads a
// feature's pages (features/<name>/**/<Name>Page.tsx) with import(). The shared folders never
// import a feature. App.tsx and main.tsx, the root, may import anything.
export const RENDERER_SHARED = ['components', 'editor', 'lib', 'api', 'hooks', 'types'];

/** Why `from` may not import `to` (both relative to src/renderer; `dynamic`: an import()); undefined when it may. */
export function rendererRefusal(from, to, dynamic = false) {
  const [fa, fb] = [from.split('/'), to.split('/')];
  if (fa.length === 1) return undefined; // App.tsx, main.tsx
  if (fb[0] !== 'features') return undefined;
  if (fa[0] !== 'features') return `${fa[0]}/ is shared by the features (${RENDERER_SHARED.join(', ')}): it never imports a feature (${to})`;
  if (fa[1] === fb[1]) return undefined;
  const door = `features/${fb[1]}/index.ts`;
  if (to === door) return undefined;
  if (dynamic && /Page\.tsx$/.test(to)) return undefined;
  return `features import each other only through their front door, ${door} (or load a page, *Page.tsx, with import()), not ${to}`;
}
