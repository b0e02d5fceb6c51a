import { formatWhen } from '../lib/format-time';

/** A timestamp in the app's one local format, the full ISO value on hover. */
export function When({ iso, className }: { iso: string | null | undefined; className?: string }) {
  if (!iso) return null;
  return (
    <time dateTime={iso} title={iso} className={className}>
      {formatWhen(iso)}
    </time>
  );
}
