// Shared by the replay specs: a live version, a draft that changes, drops, splits, fails and fixes,
// and how many captured events of each kind.
export const LIVE = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fixme') throw new Error('live cannot ' + k);
  event.properties.seen = 'a';
  return event;
}
`;
export const DRAFT = `export function transformEvent(event) {
  const k = event.properties.kind;
  if (k === 'fail') throw new Error('draft fails on ' + k);
  if (k === 'drop') return null;
  event.properties.seen = 'a';
  if (k === 'change') { event.properties.seen = 'b'; event.properties.extra = 1; }
  if (k === 'split') return [event, { ...event, event: 'Second' }];
  return event;
}
`;
export const KINDS: [string, number][] = [['same', 10], ['change', 5], ['drop', 4], ['split', 3], ['fail', 2], ['fixme', 2]];
