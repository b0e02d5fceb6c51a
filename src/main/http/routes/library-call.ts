import type { FastifyPluginAsync } from 'fastify';
import { typedRoutes } from './typed-routes';
import { LibraryCallRequest, LibraryCallResponse } from '../../../shared/api/library-call';
import { callLibraryFunction } from '../../management/library-call';
import { SyntaxCheckRequest, SyntaxCheckResponse } from '../../../shared/api/syntax-check';
import { checkSyntax } from '../../management/syntax-check';
import type { TestRunDeps } from '../../management/test-run';
import { sandboxErrorResponses } from './error-responses';

/** POST /studio/api/libraries/call (the library test panel's call of one exported function) and POST /studio/api/syntax-check (the editor's syntax errors). */
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
    app.post(
      '/studio/api/syntax-check',
      {
        bodyLimit: 2 * 1024 * 1024,
        schema: {
          tags: ['sandbox'],
          summary: "Compile code with the run's parser (none of it runs) and say what a run would say about its syntax",
          body: SyntaxCheckRequest,
          response: { 200: SyntaxCheckResponse, ...sandboxErrorResponses },
        },
      },
      async (request) => checkSyntax(deps.sandbox, request.body.code),
    );
  });
