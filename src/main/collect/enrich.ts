import { createHash, randomUUID } from 'node:crypto';
import type { EventRow } from '../store/events-repo';
import type { CallType } from './call-types';
import { timeFields } from './time-fields';
import { idText, type Json } from './validate';

/** What the server knows about one request. */
export interface RequestFacts {
  receivedMs: number;
  /** ISO 8601 with milliseconds. */
  receivedAt: string;
  requestIp: string;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const rudderIds = new Map<string, string>();
const RUDDER_ID_CACHE = 20_000;

/** md5Uuid with a small cache: the same users send most events. */
function rudderIdOf(key: string): string {
  let id = rudderIds.get(key);
  if (id === undefined) {
    if (rudderIds.size >= RUDDER_ID_CACHE) rudderIds.clear();
    id = md5Uuid(key);
    rudderIds.set(key, id);
  }
  return id;
}

/** UUID from the MD5 of a string with version 4 and RFC 4122 variant bits (the hosted rudderId). */
export function md5Uuid(text: string): string {
  const h = createHash('md5').update(text).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  let out = '';
  for (let i = 0; i < 16; i++) {
    out += HEX[h[i]!];
    if (i === 3 || i === 5 || i === 7 || i === 9) out += '-';
  }
  return out;
}

/** Peer address of a request: the first X-Forwarded-For entry, else the socket's address. */
export function requestIp(forwardedFor: string | string[] | undefined, peer: string | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  if (first) return first;
  const address = peer ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * The enriched event's JSON from the raw text of the call when enrichment only added fields
 * (the usual case: SDKs send type, messageId and normalised times, which are kept as they
 * are): the raw object with the new fields appended, without serialising it again. Undefined
 * when a field had to be replaced (then the caller serialises the object).
 */
function extendRaw(raw: string, additions: [string, string][]): string | undefined {
  let close = raw.length - 1;
  while (close > 0 && raw.charCodeAt(close) <= 0x20) close--;
  if (raw.charCodeAt(0) !== 0x7b || raw.charCodeAt(close) !== 0x7d) return undefined;
  if (additions.length === 0) return raw.slice(0, close + 1);
  let open = close - 1;
  while (open > 0 && raw.charCodeAt(open) <= 0x20) open--;
  let out = raw.slice(0, close);
  for (let i = 0; i < additions.length; i++) {
    const [key, value] = additions[i]!;
    out += `${i === 0 && open === 0 ? '' : ','}"${key}":${JSON.stringify(value)}`;
  }
  return `${out}}`;
}

/**
 * Adds what the data plane adds (type, messageId, receivedAt, request_ip, rudderId, time
 * fields) to one validated call, in place, and returns the row to store. `raw` is the call's
 * JSON text as sent, when known.
 */
export function enrich(call: Json, type: CallType, facts: RequestFacts, raw?: string): EventRow {
  const additions: [string, string][] = [];
  let replaced = false;
  const put = (key: string, value: string) => {
    const had = call[key];
    if (had === value) return;
    if (had === undefined) additions.push([key, value]);
    else replaced = true;
    call[key] = value;
  };
  put('type', type);
  const messageId = typeof call.messageId === 'string' && call.messageId.trim() ? call.messageId : randomUUID();
  put('messageId', messageId);
  const userId = idText(call.userId);
  const anonymousId = idText(call.anonymousId);
  put('rudderId', rudderIdOf(`${userId}:${anonymousId}`));
  if (typeof call.request_ip !== 'string' || !call.request_ip.trim()) put('request_ip', facts.requestIp);
  put('receivedAt', facts.receivedAt);
  const times = timeFields(call, facts.receivedMs, facts.receivedAt);
  put('originalTimestamp', times.originalTimestamp);
  put('sentAt', times.sentAt);
  put('timestamp', times.timestamp);
  const name = type === 'track' ? call.event : type === 'page' || type === 'screen' ? call.name : undefined;
  return {
    type,
    eventName: typeof name === 'string' ? name : null,
    userId: userId || null,
    anonymousId: anonymousId || null,
    messageId,
    json: (!replaced && raw !== undefined && extendRaw(raw, additions)) || JSON.stringify(call),
  };
}
