// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute } from './routes';

describe('routes', () => {
  it('parses list, item and tab routes and round-trips hrefFor', () => {
    expect(parseRoute('')).toEqual({ page: 'home' });
    expect(parseRoute('#/')).toEqual({ page: 'home' });
    expect(parseRoute('#/transformations')).toEqual({ page: 'list', kind: 'transformation', id: undefined, tab: undefined });
    expect(parseRoute(hrefFor('library', 'abc', 'used-by'))).toEqual({ page: 'list', kind: 'library', id: 'abc', tab: 'used-by' });
    expect(parseRoute(hrefFor('transformation', 'x y'))).toMatchObject({ id: 'x y' });
  });

  it('reports unknown routes', () => {
    expect(parseRoute('#/nope')).toEqual({ page: 'not-found', hash: '#/nope' });
    expect(parseRoute('#/libraries/a/bogus')).toMatchObject({ page: 'not-found' });
  });
});

describe('data-plane routes', () => {
  it('parses sources, events with filters and destinations with an id', async () => {
    const { pageHref } = await import('./routes');
    expect(parseRoute('#/sources')).toEqual({ page: 'sources' });
    expect(parseRoute(pageHref('events', { type: 'track', where: 'properties.revenue > 100' }))).toEqual({ page: 'events', params: { type: 'track', where: 'properties.revenue > 100' } });
    expect(parseRoute(pageHref('destinations', { status: 'failed' }, 'd 1'))).toEqual({ page: 'destinations', id: 'd 1', params: { status: 'failed' } });
  });
});
