import type { FastifyPluginAsync } from 'fastify';
import { Credential, CredentialKeyParams, CredentialList, CredentialValueBody } from '../../../shared/api/settings';
import type { CredentialsService } from '../../settings/credentials-service';
import { typedRoutes } from './typed-routes';
import { ErrorBody, Success } from '../../../shared/api/common';
import { sandboxErrorResponses } from './error-responses';

const tags = ['credentials'];

/** Credentials user code reads with getCredential(key). Values are write-only through the API. */
export const credentialsRoutes =
  (credentials: CredentialsService): FastifyPluginAsync =>
  typedRoutes((app) => {
    app.get('/studio/api/credentials', { schema: { tags, summary: 'List credentials (values masked)', response: { 200: CredentialList, ...sandboxErrorResponses } } }, async () =>
      credentials.list(),
    );
    app.put(
      '/studio/api/credentials/:key',
      { schema: { tags, summary: 'Create or replace a credential', params: CredentialKeyParams, body: CredentialValueBody, response: { 200: Credential, ...sandboxErrorResponses } } },
      async (request) => credentials.put(request.params.key, request.body.value),
    );
    app.delete(
      '/studio/api/credentials/:key',
      {
        schema: {
          tags,
          summary: 'Delete a credential',
          params: CredentialKeyParams,
          response: { 200: Success, 404: ErrorBody, ...sandboxErrorResponses },
        },
      },
      async (request) => credentials.remove(request.params.key),
    );
  });
