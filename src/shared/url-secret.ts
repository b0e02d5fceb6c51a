// A URL's password (`http://user:PASS@host/…`) is a secret like an auth header: sealed at rest,
// masked in answers and exports. Helpers that find it and show the URL without it.

/** Base64 of a string's UTF-8 bytes (what Basic auth sends), without Node's Buffer: shared/ also builds for the renderer. */
const base64Utf8 = (text: string) => btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
};

/** True when the URL carries a password in its user info. */
export const hasUrlPassword = (url: string): boolean => !!parse(url)?.password;

/** The URL with its password replaced by `mask` (the user name stays, so a user sees which login it is). */
export function urlWithPassword(url: string, mask: string): string {
  const parsed = parse(url);
  if (!parsed?.password) return url;
  const rest = url.slice(url.indexOf('@', url.indexOf('//') + 2) + 1);
  return `${parsed.protocol}//${parsed.username}${mask ? `:${mask}` : ''}@${rest}`;
}

// Any `scheme://userinfo@` in a text (an error message quoting a URL, say): the user info goes.
const USERINFO_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@"'<>\\]+@/gi;

/**
 * A text (an error message, a log line) with the user info of every URL in it replaced by `***`:
 * what is stored or answered never quotes a URL's password.
 */
export function redactUrlCredentials<T extends string | null | undefined>(text: T): T {
  if (typeof text !== 'string' || !text.includes('@')) return text;
  return text.replace(USERINFO_IN_TEXT, '$1***@') as T;
}

/**
 * A URL with user info, as HTTP clients send it: the URL without it, and the user info as a Basic
 * `Authorization` header (fetch refuses a URL that includes credentials outright).
 */
export function credentialsAsHeader(url: string): { url: string; authorization?: string } {
  const parsed = parse(url);
  if (!parsed || (!parsed.username && !parsed.password)) return { url };
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return { url: parsed.toString(), authorization: `Basic ${base64Utf8(`${user}:${password}`)}` };
}
