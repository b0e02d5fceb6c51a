import type { FastifyPluginAsync } from 'fastify';
import { MAX_STATE_KEYS, MAX_STATE_VALUE, STATE_KEY_PATTERN, StateEntries, StateImportBody, StateKeyParam, StateValueBody } from '../../../shared/api/user-state';
import { badRequest } from '../../errors';
import type { UserStateRepo } from '../../store/user-state-repo';
import { studioErrors } from './pipeline-schemas';
import { typedRoutes } from './typed-routes';

const tags = ['user state'];
const tooMany = (n: number) => badRequest(`the studio keeps at most ${MAX_STATE_KEYS} entries of UI state; ${n} would be too many: delete old drafts or test sets`);

const keyPattern = new RegExp(STATE_KEY_PATTERN);
/** Every key named as the API names them, every value a string within the limit (a record's schema alone lets other keys through). */
function checkEntries(entries: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(entries)) {
    if (!keyPattern.test(key)) throw badRequest(`body: entries: the key ${JSON.stringify(key.slice(0, 60))} is not a state key (letters, digits, . _ : - , at most 200)`);
    if (typeof value !== 'string') throw badRequest(`body: entries.${key}: must be a string (the stored text), not ${value === null ? 'null' : typeof value}`);
    if (value.length > MAX_STATE_VALUE) throw badRequest(`body: entries.${key}: longer than ${MAX_STATE_VALUE} characters`);
  }
}

/** Studio API: the UI's drafts, test sets, bench context and preferences, kept in the core. */
export const userStateRoutes =
  (repo: UserStateRepo): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get('/studio/api/state', { schema: { tags, summary: "The UI's stored state (drafts, test sets, bench context, preferences)", response: { 200: StateEntries, ...studioErrors } } }, async () => ({
      entries: repo.all(),
    }));
    app.put(
      '/studio/api/state/:key',
      { schema: { tags, summary: 'Store one entry', params: StateKeyParam, body: StateValueBody, response: { 200: StateEntries, ...studioErrors } } },
      async (request) => {
        const { key } = request.params;
        if (!repo.has(key) && repo.count() >= MAX_STATE_KEYS) throw tooMany(repo.count() + 1);
        repo.put(key, request.body.value, new Date().toISOString());
        return { entries: { [key]: request.body.value } };
      },
    );
    app.delete('/studio/api/state/:key', { schema: { tags, summary: 'Delete one entry', params: StateKeyParam, response: { 200: StateEntries, ...studioErrors } } }, async (request) => {
      repo.remove(request.params.key);
      return { entries: {} };
    });
    app.post(
      '/studio/api/state/import',
      { schema: { tags, summary: "Move a browser's local state in: sets the keys the core does not hold yet; answers the whole state", body: StateImportBody, response: { 200: StateEntries, ...studioErrors } } },
      async (request) => {
        checkEntries(request.body.entries);
        const incoming = Object.keys(request.body.entries).filter((k) => !repo.has(k)).length;
        if (repo.count() + incoming > MAX_STATE_KEYS) throw tooMany(repo.count() + incoming);
        repo.importMissing(request.body.entries, new Date().toISOString());
        return { entries: repo.all() };
      },
    );
  });
