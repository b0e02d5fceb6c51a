import { formatWhen } from '../../lib/format-time';

/** "12:03:04 (3 min ago)" or "never". */
export function whenAgo(iso: string | null | undefined): string {
  if (!iso) return 'never';
  const d = new Date(iso);
  const seconds = Math.round((Date.now() - d.getTime()) / 1000);
  const ago = seconds < 60 ? `${Math.max(0, seconds)} s ago` : seconds < 3600 ? `${Math.round(seconds / 60)} min ago` : seconds < 86_400 ? `${Math.round(seconds / 3600)} h ago` : `${Math.round(seconds / 86_400)} d ago`;
  return `${formatWhen(iso)} (${ago})`;
}
