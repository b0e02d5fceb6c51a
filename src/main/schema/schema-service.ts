import type { Store } from '../store';
import type { PathGroup, SchemaScope } from '../store/schema-repo';
import { isPiiPath } from '../../shared/event-schema';
import type { SchemaEvent, SchemaFieldsResponse, SchemaPath, SchemaQuery, SchemaResponse, SchemaStatus, SchemaWindow } from '../../shared/api/schema';
import { isConflict, mergeStats, type PathStats } from './schema-builder';
import { createSchemaFold, type SchemaFoldOptions } from './schema-fold';
import { toJsonSchema } from './json-schema';

const DAY_MS = 86_400_000;
const WINDOW_DAYS: Record<SchemaWindow, number | undefined> = { '24h': 1, '7d': 7, '30d': 30, all: undefined };
/** Most fields the editor gets (over all event names). */
export const MAX_FIELDS = 5_000;

/** One path's stats merged over the buckets of a group (days, sources). */
function mergeGroup(g: PathGroup): PathStats {
  let merged: PathStats | undefined;
  for (let i = 0; i < g.types.length; i++) {
    merged = mergeStats(merged, {
      count: 0,
      types: JSON.parse(g.types[i]!) as PathStats['types'],
      samples: JSON.parse(g.samples[i]!) as string[],
      firstSeen: g.firstSeen,
      lastSeen: g.lastSeen,
    });
  }
  return { ...merged!, count: g.count };
}

/** The learned event schema: the background fold and the answers of the schema API. */
export function createSchemaService(store: Store, options: SchemaFoldOptions = {}) {
  const repo = store.schema;
  const fold = createSchemaFold(repo, options);

  const status = (): SchemaStatus => {
    const latestId = store.events.maxSeq();
    const foldedUpTo = Math.min(repo.foldedUpto(), latestId);
    return { foldedUpTo, latestId, behind: latestId - foldedUpTo };
  };

  const scopeOf = (query: SchemaQuery, now = Date.now()): SchemaScope => {
    const days = WINDOW_DAYS[query.window ?? 'all'];
    const sourceIds = query.sourceId?.split(',').map((s) => s.trim()).filter(Boolean);
    return {
      sourceIds: sourceIds?.length ? sourceIds : undefined,
      sinceDay: days === undefined ? undefined : new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10),
    };
  };

  function events(scope: SchemaScope, now = Date.now()): SchemaEvent[] {
    const byName = new Map<string, SchemaEvent>();
    for (const e of repo.events(scope)) {
      byName.set(JSON.stringify([e.type, e.name]), { type: e.type, name: e.name, count: e.count, droppedPaths: e.dropped, firstSeen: e.firstSeen, lastSeen: e.lastSeen, paths: [] });
    }
    const recent = new Date(now - DAY_MS).toISOString();
    for (const g of repo.paths(scope)) {
      const event = byName.get(JSON.stringify([g.type, g.name]));
      if (!event) continue;
      const stats = mergeGroup(g);
      event.paths.push({
        path: g.path,
        count: stats.count,
        share: event.count ? Math.min(1, stats.count / event.count) : 0,
        types: stats.types as Record<string, number>,
        samples: stats.samples,
        pii: isPiiPath(g.path),
        conflict: isConflict(stats.types),
        isNew: stats.firstSeen >= recent && event.firstSeen < recent,
        firstSeen: stats.firstSeen,
        lastSeen: stats.lastSeen,
      } satisfies SchemaPath);
    }
    const list = [...byName.values()];
    for (const e of list) e.paths.sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
    return list;
  }

  /** Sources the editor's schema covers: those of destinations running the transformation, else all. */
  function editorScope(transformationId?: string): SchemaFieldsResponse['scope'] {
    const all = store.sources.list();
    if (transformationId) {
      const ids = new Set(store.destinations.forTransformation(transformationId).flatMap((d) => store.destinations.get(d.id)?.sourceIds ?? []));
      if (ids.size > 0) return { kind: 'connected', sources: all.filter((s) => ids.has(s.id)).map((s) => ({ id: s.id, name: s.name })) };
    }
    return { kind: 'all', sources: all.map((s) => ({ id: s.id, name: s.name })) };
  }

  const editorRepoScope = (scope: SchemaFieldsResponse['scope']): SchemaScope => (scope.kind === 'connected' ? { sourceIds: scope.sources.map((s) => s.id) } : {});

  return {
    fold,
    status,
    /** Per event name: its paths with types, shares, samples; conflicts and new paths flagged. */
    schema(query: SchemaQuery): SchemaResponse {
      return { events: events(scopeOf(query)), status: status() };
    },
    /** Every path over all events of the editor's scope (completion, hover, lint), most frequent first. */
    fields(transformationId?: string): SchemaFieldsResponse {
      const scope = editorScope(transformationId);
      const repoScope = editorRepoScope(scope);
      const names = repo.events(repoScope);
      const totalEvents = names.reduce((n, e) => n + e.count, 0);
      const byPath = new Map<string, PathStats>();
      for (const g of repo.paths(repoScope)) byPath.set(g.path, mergeStats(byPath.get(g.path), mergeGroup(g)));
      const fields = [...byPath.entries()]
        .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
        .slice(0, MAX_FIELDS)
        .map(([path, s]) => ({ path, count: s.count, share: totalEvents ? Math.min(1, s.count / totalEvents) : 0, types: s.types as Record<string, number>, samples: s.samples, pii: isPiiPath(path), conflict: isConflict(s.types) }));
      return { scope, totalEvents, fields, events: names.map((e) => ({ type: e.type, name: e.name, count: e.count })), status: status() };
    },
    /** Per event name its paths, over the editor's scope of a transformation (what fuzzing generates from). */
    editorEvents: (transformationId?: string): SchemaEvent[] => events(editorRepoScope(editorScope(transformationId))),
    /** One JSON Schema per event name. */
    jsonSchemas(query: SchemaQuery) {
      return { schemas: events(scopeOf(query)).map((e) => ({ type: e.type, name: e.name, schema: toJsonSchema(e) })) };
    },
    /** Forgets the schema and folds every stored event again (in the background). */
    rebuild(): SchemaStatus {
      repo.reset();
      fold.kick();
      return status();
    },
    size: () => repo.size(),
  };
}
export type SchemaService = ReturnType<typeof createSchemaService>;
