import { messageParts } from './message-parts';

/** A message from the server, its `backticked` parts shown as code. */
export function MessageText({ message }: { message: string }) {
  return (
    <>
      {messageParts(message).map((part, i) => (part.code ? <code key={i}>{part.text}</code> : <span key={i}>{part.text}</span>))}
    </>
  );
}
