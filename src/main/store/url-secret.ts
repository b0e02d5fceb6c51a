// A URL's password (`http://user:PASS@host/…`) is a secret like an auth header: sealed at rest,
// masked in answers and exports. Helpers that find it and show the URL without it.

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
