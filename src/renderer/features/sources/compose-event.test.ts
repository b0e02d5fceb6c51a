import { describe, expect, it } from 'vitest';
import { buildEvent } from './compose-event';

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
