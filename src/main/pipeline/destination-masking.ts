import { isMaskOf, maskSecret } from '../store/secret-box';
import { urlWithPassword } from '../../shared/url-secret';
import type { DestinationKind } from '../store/destinations-repo';

// Destination secrets are write-only through the API: answers show `••••` (plus the last 4
// characters of long values); a config sent back with a masked value, or without a data plane's
// write key, keeps the stored secret.

type Config = Record<string, unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const MASK = '••••';
/** The URL as answers show it: its password (if any) masked. */
const maskedUrl = (url: unknown) => (typeof url === 'string' ? urlWithPassword(url, MASK) : url);

/** The config as API answers show it. */
export function maskedConfig(kind: DestinationKind, input: Config): Config {
  const config = input.url === maskedUrl(input.url) ? input : { ...input, url: maskedUrl(input.url) };
  if (kind === 'webhook' && isObject(config.headers)) {
    return { ...config, headers: Object.fromEntries(Object.entries(config.headers).map(([k, v]) => [k, typeof v === 'string' ? maskSecret(v) : v])) };
  }
  if (kind === 'data-plane' && typeof config.writeKey === 'string') return { ...config, writeKey: maskSecret(config.writeKey), hasWriteKey: true };
  return config;
}

/** An incoming config with masked (or, for the write key, missing) secrets replaced by the stored ones. */
export function withStoredSecrets(kind: DestinationKind, given: unknown, stored: Config): unknown {
  if (!isObject(given)) return given;
  // The URL sent back as shown (password masked) keeps the stored one.
  const keepUrl = typeof stored.url === 'string' && given.url !== stored.url && given.url === maskedUrl(stored.url);
  const incoming = keepUrl ? { ...given, url: stored.url } : given;
  if (kind === 'webhook' && isObject(incoming.headers) && isObject(stored.headers)) {
    const old = stored.headers;
    const headers = Object.fromEntries(
      Object.entries(incoming.headers).map(([name, value]) => {
        const previous = Object.entries(old).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
        return [name, typeof value === 'string' && typeof previous === 'string' && isMaskOf(value, previous) ? previous : value];
      }),
    );
    return { ...incoming, headers };
  }
  if (kind === 'data-plane') {
    const { hasWriteKey: _ignored, ...rest } = incoming;
    const kept = typeof stored.writeKey === 'string' ? stored.writeKey : undefined;
    const sent = rest.writeKey;
    if (kept !== undefined && (sent === undefined || sent === '' || (typeof sent === 'string' && isMaskOf(sent, kept)))) return { ...rest, writeKey: kept };
    return rest;
  }
  return incoming;
}
