import type { StudioContext } from '../context';
import { createLibrariesService } from '../management/libraries-service';
import { createTransformationsService } from '../management/transformations-service';
import type { LocalWriter } from './pull';

/** Local creates and updates through the management services (same checks as the API). */
export function localWriter(ctx: StudioContext): LocalWriter {
  const transformations = createTransformationsService(ctx);
  const libraries = createLibrariesService(ctx);
  return {
    create: (kind, input) => (kind === 'library' ? libraries.create(input, false) : transformations.create(input, false)),
    update: (kind, id, input) => (kind === 'library' ? libraries.update(id, input, false) : transformations.update(id, input, false)),
  };
}
