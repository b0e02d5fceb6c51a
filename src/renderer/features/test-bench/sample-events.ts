import type { TestEvent } from '../../api/types';

/** The bundled sample set (50 events of every call type), loaded on first use. */
export async function loadSampleEvents(): Promise<TestEvent[]> {
  const module = await import('../../../../resources/fixtures/events/sample-50.json');
  return module.default as TestEvent[];
}

/** A one-line label of an event: type and name. */
export function eventLabel(event: TestEvent): string {
  const type = typeof event.type === 'string' ? event.type : 'event';
  const name = event.event ?? event.name ?? (type === 'identify' ? event.userId : type === 'group' ? event.groupId : undefined);
  return name !== undefined && name !== null ? `${type} “${String(name)}”` : type;
}
