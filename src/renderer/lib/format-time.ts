const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A timestamp as local date and time, the one format of the app ("Nov 26, 2026, 12:30:34 AM";
 * "" for a missing one). Show it with <When>, which puts the full ISO value in a tooltip.
 */
export function formatWhen(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}
