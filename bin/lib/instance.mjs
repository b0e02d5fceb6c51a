// A running instance's HTTP API (desktop or `npm run serve`), as the CLI's online commands use it.
import { ExitError } from './exit.mjs';

/** Where and who: --url/--email/--token, else STUDIO_URL/STUDIO_EMAIL/STUDIO_TOKEN. */
export const targetOf = (flags) => ({
  url: (flags.url ?? (process.env.STUDIO_URL || 'http://127.0.0.1:8920')).replace(/\/+$/, ''),
  email: flags.email ?? process.env.STUDIO_EMAIL ?? '',
  token: flags.token ?? process.env.STUDIO_TOKEN ?? '',
});

/** JSON over HTTP; exit 3 when unreachable or refused, 1 on another error answer. */
export async function api(target, method, path, body) {
  let response;
  try {
    response = await fetch(target.url + path, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${target.email}:${target.token}`).toString('base64')}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new ExitError(3, `cannot reach Transformation Studio at ${target.url}: ${error.cause?.code ?? error.message} (start it, or pass --url)`);
  }
  const text = await response.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (response.status === 401) throw new ExitError(3, `${target.url} refused the e-mail and token (HTTP 401): pass --email/--token or STUDIO_EMAIL/STUDIO_TOKEN`);
  if (!response.ok) throw new ExitError(1, `error: ${parsed?.error ?? text} (HTTP ${response.status})`);
  return parsed;
}
