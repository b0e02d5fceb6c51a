import type { Source, SourcesRepo } from '../store/sources-repo';

export interface BasicCredentials {
  user: string;
  password: string;
}

/** Parses `Authorization: Basic base64(user:password)`; undefined when absent or malformed. */
export function parseBasicAuth(header: string | undefined): BasicCredentials | undefined {
  if (!header) return undefined;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Resolves the event API's write key (Basic `writeKey:`); returns an error text or the source. */
export function resolveWriteKey(sources: Pick<SourcesRepo, 'byWriteKey'>, header: string | undefined): Source | string {
  if (!header) return 'failed to read writekey from header';
  const creds = parseBasicAuth(header);
  if (!creds || !creds.user) return 'failed to read writekey from header';
  const source = sources.byWriteKey(creds.user);
  if (!source) return 'invalid write key';
  if (!source.enabled) return 'source is disabled';
  return source;
}
