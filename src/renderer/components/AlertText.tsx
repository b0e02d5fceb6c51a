import { MessageText } from './MessageText';

/** Why something was refused or failed, said where it happened (a server message: `code` shown as code). */
export function AlertText({ error, testId }: { error?: string; testId?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="error" data-testid={testId}>
      <MessageText message={error} />
    </p>
  );
}
