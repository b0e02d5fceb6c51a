import { describe, expect, it } from 'vitest';
import { buildEvent, completions } from './compose-event';

describe('buildEvent', () => {
  it('sets fields at their paths with JSON values, text otherwise', () => {
    const e = buildEvent('track', ' Order Completed ', 'u1', [
      { path: 'properties.total', value: '42.5' },
      { path: 'currency', value: 'EUR' },
      { path: 'context.locale', value: '"de"' },
      { path: '', value: 'ignored' },
    ]);
    expect(e).toMatchObject({ type: 'track', event: 'Order Completed', userId: 'u1', properties: { total: 42.5, currency: 'EUR' }, context: { locale: 'de' } });
    expect(e.messageId).toMatch(/^composer-/);
  });

  it('puts identify fields under traits, and an anonymous id when no user is given', () => {
    expect(buildEvent('identify', '', ' ', [{ path: 'email', value: 'a@b.c' }])).toMatchObject({ traits: { email: 'a@b.c' }, anonymousId: 'composer' });
  });
});

describe('completions', () => {
  const path = (p: string, types: Record<string, number>, samples: string[] = []) => ({ path: p, types, samples });
  const schema = [
    { type: 'track', name: 'Order Completed', paths: [path('properties.total', { number: 3 }, ['10', '12.5']), path('properties.currency', { string: 3 }, ['"EUR"']), path('properties.products[].sku', { string: 2 }), path('properties.address', { object: 3 }), path('context.locale', { string: 3 }, ['"de"']), path('messageId', { string: 3 })] },
    { type: 'track', name: 'Products Searched', paths: [path('properties.query', { string: 1 }, ['"shoes"'])] },
    { type: 'identify', name: '', paths: [path('traits.email', { string: 1 })] },
  ];
  it('offers the named event’s own leaf fields with their samples, under its root or context', () => {
    const c = completions(schema, 'track', ' Order Completed ');
    expect(c.names).toEqual(['Order Completed', 'Products Searched']);
    expect(c.paths).toEqual(['properties.total', 'properties.currency', 'context.locale']);
    expect(c.samples.get('properties.currency')).toEqual(['"EUR"']);
  });
  it('offers the fields of every event of the type while the name is unknown, and none of other types', () => {
    expect(completions(schema, 'track', 'Order').paths).toEqual(['properties.total', 'properties.currency', 'context.locale', 'properties.query']);
    expect(completions(schema, 'identify', '')).toMatchObject({ names: [], paths: ['traits.email'] });
  });
});
