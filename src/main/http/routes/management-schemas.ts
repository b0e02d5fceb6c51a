import { Type } from 'typebox';

// Route-level schemas of the management API (params, query strings, errors); the bodies and
// answers live in shared/api/management.ts.

export const ErrorBody = Type.Object(
  { error: Type.String({ description: 'What went wrong and what to fix' }), code: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/** Error answers every management route documents. */
export const errorResponses = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody } as const;

export const PublishQuery = Type.Object({
  publish: Type.Optional(Type.Boolean({ description: 'Publish the new version after its tests pass (default false)' })),
});

export const VersionsQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 5, description: 'How many versions to return (default 5)' })),
  orderBy: Type.Optional(
    Type.Enum(['ASC', 'DESC', 'asc', 'desc'], { default: 'ASC', description: 'Order on createdAt: ASC (default) or DESC' }),
  ),
});

export const versionListQuery = (query: { count?: number; orderBy?: string }) => ({
  count: query.count ?? 5,
  order: (query.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? ('DESC' as const) : ('ASC' as const),
});

/** publish comes from the query string; a body field `publish` is accepted too. */
export const publishFlag = (query: { publish?: boolean }, body: { publish?: boolean }) => query.publish ?? body.publish ?? false;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
export const VersionParams = Type.Object({ id: Type.String({ minLength: 1 }), versionId: Type.String({ minLength: 1 }) });
