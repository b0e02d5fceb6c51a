/** A piece of a message: plain text, or code the user types (`backticked` in the server's words). */
export interface MessagePart {
  text: string;
  code: boolean;
}

/**
 * Splits a server message at its backticks: the text between a pair is code. A backtick without
 * its pair stays as it is.
 */
export function messageParts(message: string): MessagePart[] {
  const pieces = message.split('`');
  const parts: MessagePart[] = [];
  pieces.forEach((text, i) => {
    const code = i % 2 === 1 && i < pieces.length - 1;
    const plain = i % 2 === 1 && !code ? `\`${text}` : text;
    if (code) parts.push({ text, code });
    else if (plain !== '') {
      const last = parts.at(-1);
      if (last && !last.code) last.text += plain;
      else parts.push({ text: plain, code: false });
    }
  });
  return parts;
}
