import { Type, type TSchema } from 'typebox';
import type { VersionListQuery } from '../../management/transformations-service';
import type { TypedApp } from './typed-routes';
import { IdParams } from '../../../shared/api/common';
import { VersionParams, VersionsQuery } from '../../../shared/api/management';
import { errorResponses } from './error-responses';
import { versionListQuery } from './management-query';

/** The version lookups of a transformations or libraries service. */
interface VersionLookups {
  versions(id: string, query: VersionListQuery): unknown[];
  version(id: string, versionId: string): unknown;
}

/** GET `base/:id/versions` and `base/:id/versions/:versionId` of a versioned artifact (seed 000). */
export function versionRoutes(
  app: TypedApp,
  r: { base: string; tags: string[]; noun: 'transformation' | 'library'; listKey: 'TransformationVersions' | 'libraryVersions'; Version: TSchema },
  service: VersionLookups,
): void {
  app.get(
    `${r.base}/:id/versions`,
    {
      schema: {
        tags: r.tags,
        summary: `List versions of a ${r.noun}`,
        params: IdParams,
        querystring: VersionsQuery,
        response: { 200: Type.Object({ [r.listKey]: Type.Array(r.Version) }), ...errorResponses },
      },
    },
    async (request) => ({ [r.listKey]: service.versions(request.params.id, versionListQuery(request.query)) }),
  );
  app.get(
    `${r.base}/:id/versions/:versionId`,
    { schema: { tags: r.tags, summary: `Get one version of a ${r.noun}`, params: VersionParams, response: { 200: r.Version, ...errorResponses } } },
    async (request) => service.version(request.params.id, request.params.versionId),
  );
}
