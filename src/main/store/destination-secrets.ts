import { isSealed, type SecretBox } from './secret-box';
import { hasUrlPassword } from '../../shared/url-secret';

// Which parts of a destination's config are secret: every webhook header value (auth headers,
// API keys under any name), a data plane's write key, and a URL that holds a password
// (`https://user:PASS@host`, whole). Sealed in the database, open in memory.

type Config = Record<string, unknown>;

function mapSecrets(kind: string, input: Config, fn: (value: string) => string): Config {
  const url = input.url;
  const config = typeof url === 'string' && (isSealed(url) || hasUrlPassword(url)) ? { ...input, url: fn(url) } : input;
  if (kind === 'webhook' && config.headers && typeof config.headers === 'object') {
    const headers = Object.fromEntries(Object.entries(config.headers as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? fn(v) : v]));
    return { ...config, headers };
  }
  if (kind === 'data-plane' && typeof config.writeKey === 'string') return { ...config, writeKey: fn(config.writeKey) };
  return config;
}

export const sealConfig = (box: SecretBox, kind: string, config: Config) => mapSecrets(kind, config, (v) => (isSealed(v) ? v : box.seal(v)));
export const openConfig = (box: SecretBox, kind: string, config: Config) => mapSecrets(kind, config, (v) => box.open(v));

/** True when a stored config still holds a secret in plain text. */
export function hasPlainSecret(kind: string, config: Config): boolean {
  let plain = false;
  mapSecrets(kind, config, (v) => {
    if (!isSealed(v)) plain = true;
    return v;
  });
  return plain;
}
