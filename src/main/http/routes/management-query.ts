// What the management routes read from their query strings (shapes: shared/api/management.ts).

/** The versions list's count and order, with the hosted defaults (5, ascending). */
export const versionListQuery = (query: { count?: number; orderBy?: string }) => ({
  count: query.count ?? 5,
  order: (query.orderBy ?? 'ASC').toUpperCase() === 'DESC' ? ('DESC' as const) : ('ASC' as const),
});

/** publish comes from the query string; a body field `publish` is accepted too. */
export const publishFlag = (query: { publish?: boolean }, body: { publish?: boolean }) => query.publish ?? body.publish ?? false;
