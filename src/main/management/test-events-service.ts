import { MAX_SAVED_TEST_EVENTS, type SavedTestEvent, type SavedTestEvents } from '../../shared/api/test-events';
import { checkProblem } from '../../shared/field-checks';
import { badRequest, notFound } from '../errors';
import type { Store } from '../store';
import { firstTooDeep, tooDeepMessage } from '../collect/json-depth';

function checkEvents(events: SavedTestEvent[]): void {
  const deep = firstTooDeep(events);
  if (deep >= 0) throw badRequest(tooDeepMessage(deep));
  events.forEach((e, i) => {
    e.checks?.forEach((check, j) => {
      const problem = checkProblem(check);
      if (problem) throw badRequest(`body: field "events.${i}.checks.${j}": ${problem}`);
    });
    e.mocks?.forEach((mock, j) => {
      if (mock.method !== undefined && !/^[A-Za-z]+$/.test(mock.method)) throw badRequest(`body: field "events.${i}.mocks.${j}.method" must be a method name such as GET or POST`);
    });
  });
}

/** Saved test events of transformations: read, replace, append (used by the bench, publish and replay). */
export function createTestEventsService(store: Pick<Store, 'transformations' | 'testEvents'>) {
  const mustExist = (id: string) => {
    if (!store.transformations.get(id)) throw notFound(`transformation "${id}" not found`);
  };
  const get = (id: string): SavedTestEvents => {
    mustExist(id);
    return { transformationId: id, events: store.testEvents.list(id), updatedAt: store.testEvents.updatedAt(id) };
  };
  return {
    get,
    replace(id: string, events: SavedTestEvent[]): SavedTestEvents {
      mustExist(id);
      checkEvents(events);
      if (events.length > MAX_SAVED_TEST_EVENTS) throw badRequest(`body: field "events" holds ${events.length} events; keep at most ${MAX_SAVED_TEST_EVENTS}`);
      store.testEvents.replace(id, events, new Date().toISOString());
      return get(id);
    },
    append(id: string, events: SavedTestEvent[]): SavedTestEvents {
      mustExist(id);
      checkEvents(events);
      const total = store.testEvents.count(id) + events.length;
      if (total > MAX_SAVED_TEST_EVENTS) {
        throw badRequest(`saving ${events.length} more test events would make ${total}; a transformation keeps at most ${MAX_SAVED_TEST_EVENTS}`);
      }
      store.testEvents.append(id, events, new Date().toISOString());
      return get(id);
    },
  };
}
export type TestEventsService = ReturnType<typeof createTestEventsService>;
