import type { FastifyPluginAsync } from 'fastify';
import { typedRoutes } from './typed-routes';
import { LibraryCallRequest, LibraryCallResponse } from '../../../shared/api/library-call';
import { callLibraryFunction } from '../../management/library-call';
import type { TestRunDeps } from '../../management/test-run';
import { sandboxErrorResponses } from './sandbox-schemas';

/** POST /studio/api/libraries/call: the library test panel's call of one exported function. */
export const libraryCallRoutes =
  (deps: TestRunDeps): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.post(
      '/studio/api/libraries/call',
      {
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags: ['sandbox'],
          summary: 'Call an exported function of library code with JSON arguments',
          description:
            'What the function throws is answered with 200 and ok=false; code that does not load (syntax error, unknown import, timeout) answers 400.',
          body: LibraryCallRequest,
          response: { 200: LibraryCallResponse, ...sandboxErrorResponses },
        },
      },
      async (request) => callLibraryFunction(deps, request.body),
    );
  });
