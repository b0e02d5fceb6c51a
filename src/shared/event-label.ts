const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/**
 * The name an event is shown by, for every type: track its event; page and screen their name
 * (else category); identify the user; group its groupId; alias previousId → userId.
 */
export function eventLabel(event: Record<string, unknown> | null | undefined): string {
  if (!event) return '';
  const user = text(event.userId) ?? text(event.anonymousId);
  switch (event.type) {
    case 'track':
      return text(event.event) ?? '';
    case 'page':
    case 'screen':
      return text(event.name) ?? text(event.category) ?? text((event.properties as Record<string, unknown> | undefined)?.name) ?? '';
    case 'identify':
      return user ?? '';
    case 'group':
      return text(event.groupId) ?? '';
    case 'alias':
      return `${text(event.previousId) ?? '?'} → ${user ?? '?'}`;
    default:
      return text(event.event) ?? text(event.name) ?? '';
  }
}
