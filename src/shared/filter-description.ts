// How a filter of captured events reads in a sentence ("26 captured events matching event “Kinds”,
// type “track”"): the replay form says what a run will go through, the run keeps it as its title.

const NAMES: Record<string, string> = {
  type: 'type',
  event: 'event',
  userId: 'user id',
  anonymousId: 'anonymous id',
  user: 'user',
  sourceId: 'source',
  messageId: 'message id',
  from: 'from',
  to: 'to',
  q: 'text',
  where: 'where',
};

/** The set fields of a filter, each as `name “value”`, comma-separated ('' when none is set). */
export function describeFilter(filter: Record<string, string | undefined>): string {
  return Object.entries(filter)
    .filter(([, value]) => value)
    .map(([key, value]) => `${NAMES[key] ?? key} “${value}”`)
    .join(', ');
}
