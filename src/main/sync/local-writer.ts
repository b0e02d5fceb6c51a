import type { LibrariesService } from '../management/libraries-service';
import type { TestEventsService } from '../management/test-events-service';
import type { TransformationsService } from '../management/transformations-service';
import type { LocalWriter } from './pull';

/** Local creates and updates through the management services (same checks as the API). */
export function localWriter(transformations: TransformationsService, libraries: LibrariesService, testEvents: Pick<TestEventsService, 'replace'>): LocalWriter {
  return {
    replaceTests: (id, events) => void testEvents.replace(id, events),
    create: (kind, input) => (kind === 'library' ? libraries.create(input, false) : transformations.create(input, false)),
    update: (kind, id, input) => (kind === 'library' ? libraries.update(id, input, false) : transformations.update(id, input, false)),
  };
}
