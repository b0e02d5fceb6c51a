// Time fields of an event, as the hosted processor sets them: originalTimestamp and sentAt
// default to receivedAt, timestamp is the client's value or receivedAt − (sentAt −
// originalTimestamp); all normalised to yyyy-MM-ddTHH:mm:ss.SSSZ.

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const MIN_MS = -62167219200000; // 0000-01-01T00:00:00.000Z

/** Milliseconds of an ISO 8601 / RFC 3339 date-time string (no zone means UTC); undefined when not one. */
export function parseDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const second = m[6] ? Number(m[6]) : 0;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 60) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  let offsetMinutes = 0;
  const zone = m[8];
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), ms);
  // Date.UTC maps years 0–99 to 1900–1999; set the full year explicitly.
  const date = new Date(utc);
  date.setUTCFullYear(year);
  return date.getTime() - offsetMinutes * 60_000;
}

/** yyyy-MM-ddTHH:mm:ss.SSSZ, or undefined for instants outside years 0000–9999. */
export function formatDateTime(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms > MAX_MS || ms < MIN_MS) return undefined;
  return new Date(ms).toISOString();
}

export interface TimeFields {
  originalTimestamp: string;
  sentAt: string;
  timestamp: string;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (text: string, i: number) => text.charCodeAt(i) - 48;
const two = (text: string, i: number) => digit(text, i) * 10 + digit(text, i + 1);

/**
 * Milliseconds of a date-time already in the normalised form yyyy-MM-ddTHH:mm:ss.SSSZ (what
 * SDKs send), read digit by digit; undefined for anything else, including impossible dates.
 */
function canonicalMs(text: string): number | undefined {
  if (text.length !== 24 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84) return undefined;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90) return undefined;
  for (const i of [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]) {
    const d = digit(text, i);
    if (d < 0 || d > 9) return undefined;
  }
  const year = two(text, 0) * 100 + two(text, 2);
  const month = two(text, 5);
  const day = two(text, 8);
  const hour = two(text, 11);
  const minute = two(text, 14);
  const second = two(text, 17);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS[month - 1]!)) return undefined;
  const ms = digit(text, 20) * 100 + two(text, 21);
  if (year < 100) return undefined; // Date.UTC maps 0–99 to 1900–1999: leave those to the general parser
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

/** A time field as [ms, normalised text]; SDKs mostly send the normalised form already (fast path). */
function readTime(value: unknown): [number, string] | undefined {
  if (typeof value === 'string') {
    const ms = canonicalMs(value);
    if (ms !== undefined) return [ms, value];
  }
  const ms = parseDateTime(value);
  if (ms === undefined) return undefined;
  const text = formatDateTime(ms);
  return text === undefined ? undefined : [ms, text];
}

/** Computes the normalised time fields of one event received at `receivedMs`. */
export function timeFields(event: Record<string, unknown>, receivedMs: number, receivedAt: string): TimeFields {
  const original = readTime(event.originalTimestamp) ?? [receivedMs, receivedAt];
  const sent = readTime(event.sentAt) ?? [receivedMs, receivedAt];
  const given = readTime(event.timestamp);
  return {
    originalTimestamp: original[1],
    sentAt: sent[1],
    timestamp: given ? given[1] : (formatDateTime(receivedMs - (sent[0] - original[0])) ?? receivedAt),
  };
}
