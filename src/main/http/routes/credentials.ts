import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { Store } from '../../store';
import { notFound } from '../../errors';
import { SandboxErrorBody, sandboxErrorResponses } from './sandbox-schemas';
import { typedRoutes } from './typed-routes';

const MASK = '********';

const KeyParams = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Credential key: letters, digits, _ . : -' }),
});
const PutBody = Type.Object({ value: Type.String({ maxLength: 64 * 1024, description: 'Secret value' }) }, { additionalProperties: false });
const Credential = Type.Object({
  key: Type.String(),
  value: Type.String({ description: 'Always masked' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const tags = ['credentials'];

/** Credentials user code reads with getCredential(key). Values are write-only through the API. */
export const credentialsRoutes =
  (repo: Store['credentials']): FastifyPluginAsync =>
  typedRoutes((app) => {

    app.get(
      '/studio/api/credentials',
      { schema: { tags, summary: 'List credentials (values masked)', response: { 200: Type.Object({ credentials: Type.Array(Credential) }), ...sandboxErrorResponses } } },
      async () => ({ credentials: repo.list().map((c) => ({ ...c, value: MASK })) }),
    );

    app.put(
      '/studio/api/credentials/:key',
      { schema: { tags, summary: 'Create or replace a credential', params: KeyParams, body: PutBody, response: { 200: Credential, ...sandboxErrorResponses } } },
      async (request) => ({ ...repo.put(request.params.key, request.body.value), value: MASK }),
    );

    app.delete(
      '/studio/api/credentials/:key',
      {
        schema: {
          tags,
          summary: 'Delete a credential',
          params: KeyParams,
          response: { 200: Type.Object({ success: Type.Boolean() }), 404: SandboxErrorBody, ...sandboxErrorResponses },
        },
      },
      async (request) => {
        if (!repo.delete(request.params.key)) throw notFound(`no credential with key "${request.params.key}"`);
        return { success: true };
      },
    );
  });
