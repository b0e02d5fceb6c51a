import { isAbsolute, resolve } from 'node:path';
import { StudioError } from '../errors';
import type { DestinationKind } from '../store/destinations-repo';
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_SCHEDULE, type RetrySchedule } from './retry-schedule';

/** maxAttempts: attempts in total per event. The live pipeline tries once per round, then on the schedule (RetrySchedule); a send tries up to maxAttempts times backoffMs apart at once. */
export interface RetryConfig extends RetrySchedule {
  maxAttempts: number;
  backoffMs: number;
  timeoutMs: number;
}
export interface WebhookConfig extends RetryConfig {
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  headers: Record<string, string>;
}
export interface FileConfig {
  path: string;
}
export interface DataPlaneConfig extends RetryConfig {
  url: string;
  writeKey: string;
}

/** A destination's kind with its config, told apart by kind. */
export type TypedDestination =
  | { kind: 'capture'; config: Record<string, never> }
  | { kind: 'webhook'; config: WebhookConfig }
  | { kind: 'file'; config: FileConfig }
  | { kind: 'data-plane'; config: DataPlaneConfig };

/**
 * The stored config typed by its kind. Configs are validated and defaulted by normaliseConfig
 * before they are stored, so the stored JSON has the shape its kind names.
 */
export const typedDestination = (destination: { kind: DestinationKind; config: Record<string, unknown> }): TypedDestination =>
  ({ kind: destination.kind, config: destination.config }) as TypedDestination;

const invalid = (message: string) => new StudioError('validation', message);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function httpUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw invalid(`config.${field} is required: an http or https URL`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid(`config.${field} is not a valid URL: ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`config.${field} must use http or https, not ${url.protocol}`);
  return url.toString();
}

function integer(config: Record<string, unknown>, field: string, min: number, max: number, fallback: number): number {
  const value = config[field];
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`config.${field} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function onlyKeys(config: Record<string, unknown>, allowed: string[], kind: string): void {
  const extra = Object.keys(config).filter((k) => !allowed.includes(k));
  if (extra.length) throw invalid(`config has unknown field "${extra[0]}" for a ${kind} destination (allowed: ${allowed.join(', ') || 'none'})`);
}

function retry(config: Record<string, unknown>): RetryConfig {
  return {
    maxAttempts: integer(config, 'maxAttempts', 1, 20, DEFAULT_MAX_ATTEMPTS),
    backoffMs: integer(config, 'backoffMs', 0, 60_000, 500),
    timeoutMs: integer(config, 'timeoutMs', 100, 120_000, 10_000),
    ...schedule(config),
  };
}

const RETRY_FIELDS = ['maxAttempts', 'backoffMs', 'timeoutMs', 'retryMinBackoffMs', 'retryMaxBackoffMs', 'retryMaxAgeMs'];

function schedule(config: Record<string, unknown>): RetrySchedule {
  const min = integer(config, 'retryMinBackoffMs', 100, 3_600_000, DEFAULT_SCHEDULE.retryMinBackoffMs);
  const max = integer(config, 'retryMaxBackoffMs', 100, 86_400_000, Math.max(min, DEFAULT_SCHEDULE.retryMaxBackoffMs));
  if (max < min) throw invalid('config.retryMaxBackoffMs must be at least config.retryMinBackoffMs');
  return { retryMinBackoffMs: min, retryMaxBackoffMs: max, retryMaxAgeMs: integer(config, 'retryMaxAgeMs', 0, 30 * 86_400_000, DEFAULT_SCHEDULE.retryMaxAgeMs) };
}

/**
 * Validates a destination's config for its kind and returns it with defaults filled in.
 * Throws StudioError("validation") naming the field to fix.
 */
export function normaliseConfig(kind: DestinationKind, input: unknown): Record<string, unknown> {
  const config = input === undefined ? {} : input;
  if (!isObject(config)) throw invalid('config must be an object');
  switch (kind) {
    case 'capture':
      onlyKeys(config, [], kind);
      return {};
    case 'webhook': {
      onlyKeys(config, ['url', 'method', 'headers', ...RETRY_FIELDS], kind);
      const method = config.method ?? 'POST';
      if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') throw invalid('config.method must be POST, PUT or PATCH');
      const headers = config.headers ?? {};
      if (!isObject(headers) || !Object.values(headers).every((v) => typeof v === 'string')) {
        throw invalid('config.headers must be an object of header names to string values');
      }
      for (const name of Object.keys(headers)) {
        if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw invalid(`config.headers has an invalid header name ${JSON.stringify(name)}`);
      }
      return { url: httpUrl(config.url, 'url'), method, headers: headers as Record<string, string>, ...retry(config) } satisfies WebhookConfig;
    }
    case 'file': {
      onlyKeys(config, ['path'], kind);
      const path = config.path;
      if (typeof path !== 'string' || !path.trim()) throw invalid('config.path is required: the NDJSON file to append to (absolute, or relative to the data directory)');
      if (path.includes('\0')) throw invalid('config.path must not contain NUL characters');
      if (path.endsWith('/') || path.endsWith('\\')) throw invalid('config.path must name a file, not a directory');
      return { path } satisfies FileConfig;
    }
    case 'data-plane': {
      onlyKeys(config, ['url', 'writeKey', ...RETRY_FIELDS], kind);
      if (typeof config.writeKey !== 'string' || !config.writeKey.trim()) throw invalid('config.writeKey is required: the write key of the remote source');
      return { url: httpUrl(config.url, 'url'), writeKey: config.writeKey, ...retry(config) } satisfies DataPlaneConfig;
    }
    default:
      throw invalid(`unknown destination kind "${String(kind)}"`);
  }
}

/** Where a file destination writes: absolute paths as given, others under the data directory. */
export const resolveFilePath = (dataDir: string, path: string) => (isAbsolute(path) ? path : resolve(dataDir, path));
