import { MessageText } from './MessageText';

/** An error where it happened, with an optional way out. */
export function ErrorNotice({ message, onDismiss, onRetry }: { message?: string; onDismiss?: () => void; onRetry?: () => void }) {
  if (!message) return null;
  return (
    <div role="alert" className="notice notice-error">
      <span>
        <MessageText message={message} />
      </span>
      {onRetry && <button type="button" className="link" onClick={onRetry}>Try again</button>}
      {onDismiss && <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss">✕</button>}
    </div>
  );
}
