import { describe, expect, it } from 'vitest';
import type { SchemaFieldsResponse } from '../../../shared/api/schema';
import { indexFields, nearNames, scopeText } from './event-fields';
import { eventPathProblems } from './event-path-lint';

const field = (path: string, count: number, types: Record<string, number>) => ({ path, count, share: count / 10, types, samples: [], pii: false, conflict: false });
const response: SchemaFieldsResponse = {
  scope: { kind: 'all', sources: [{ id: 's1', name: 'Web' }] },
  totalEvents: 10,
  fields: [
    field('type', 10, { string: 10 }), field('event', 8, { string: 8 }), field('properties', 8, { object: 8 }),
    field('properties.total', 8, { number: 8 }), field('properties.orderId', 6, { string: 6 }), field('properties.products', 3, { array: 3 }),
    field('properties.products[]', 3, { object: 3 }), field('properties.products[].sku', 3, { string: 3 }), field('context', 10, { object: 10 }),
    field('context.traits', 4, { object: 4 }), field('context.traits.email', 4, { string: 4 }),
  ],
  events: [{ type: 'track', name: 'Order Completed', count: 8 }],
  status: { foldedUpTo: 10, latestId: 10, behind: 0 },
};
const fields = indexFields(response);
const warn = (code: string) => eventPathProblems(code, fields).map((p) => ({ text: code.slice(p.from, p.to), message: p.message, severity: p.severity }));

describe('event path warnings', () => {
  it('warns on a misspelt top-level field with the right suggestion', () => {
    const [problem, ...rest] = warn('export function transformEvent(event) { return event.propertis.total; }');
    expect(rest).toEqual([]);
    expect(problem).toEqual({ text: 'propertis', severity: 'warning', message: 'No captured event has event.propertis (all sources). Did you mean "properties"?' });
  });

  it('suggests the captured spelling of a property (case and one letter)', () => {
    expect(warn('const x = event.properties.orderID;')[0]!.message).toContain('Did you mean "orderId"?');
    expect(warn('const x = event.properties.totl;')[0]!.message).toContain('Did you mean "total"?');
    expect(warn('const x = event.properties.zzzzzz;')[0]!.message).toBe('No captured event has event.properties.zzzzzz (all sources).');
  });

  it('accepts known paths, array elements, methods of leaf values and fields the code writes', () => {
    expect(warn(`export function transformEvent(event) {
      event.properties.added = 1;
      const a = event.properties.added + event.properties.total.toFixed(2).length;
      const b = event.properties.products[0].sku.toLowerCase();
      const c = event?.context?.traits?.email;
      delete event.properties.gone;
      return event['properties'].orderId;
    }`)).toEqual([]);
  });

  it('warns inside array elements and under optional chaining', () => {
    expect(warn('event.properties.products[1].skuu')[0]).toMatchObject({ text: 'skuu', message: expect.stringContaining('event.properties.products[0].skuu') });
    expect(warn('event?.context?.trait?.email')[0]).toMatchObject({ text: 'trait', message: expect.stringContaining('Did you mean "traits"?') });
  });

  it('says nothing before any event was captured, and on code that does not parse', () => {
    expect(eventPathProblems('event.propertis', indexFields({ ...response, totalEvents: 0, fields: [] }))).toEqual([]);
    expect(eventPathProblems('event.propertis.(', fields)).toEqual([]);
    expect(eventPathProblems('event.propertis', undefined)).toEqual([]);
  });

  it('finds near names and says where the schema comes from', () => {
    expect(nearNames(fields, '', 'contxt')).toEqual(['context']);
    expect(scopeText(fields)).toBe('Event fields from 10 captured events of all sources (no destination runs this transformation)');
    expect(scopeText(indexFields({ ...response, scope: { kind: 'connected', sources: [{ id: 's1', name: 'Web' }, { id: 's2', name: 'App' }] } }))).toBe(
      'Event fields from 10 captured events of the connected sources: Web, App',
    );
  });
});

describe('papercuts of #42', () => {
  it('suggests a name with two letters swapped (traits.emial → email)', () => {
    expect(warn('const x = event.context.traits.emial;')[0]).toMatchObject({ text: 'emial', message: expect.stringContaining('Did you mean "email"?') });
  });

  it('flags an event name literal no captured event has, with did-you-mean from the schema', () => {
    expect(warn("const drop = event.event === 'Order Complted';")[0]).toEqual({
      text: "'Order Complted'",
      severity: 'warning',
      message: 'No captured event is named "Order Complted" (all sources). Did you mean "Order Completed"?',
    });
    expect(warn("switch (event.event) { case 'Order Completed': break; case 'Ordr Completed': break; }").map((p) => p.text)).toEqual(["'Ordr Completed'"]);
    expect(warn("const a = 'Order Complted' !== event.event;")).toHaveLength(1);
    expect(warn("const keep = event.event === 'Order Completed';")).toEqual([]);
    expect(warn("const track = event.type === 'trak';")).toEqual([]); // not a name field
  });
});
