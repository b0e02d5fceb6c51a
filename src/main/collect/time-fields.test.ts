import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime, timeFields } from './time-fields';

describe('parseDateTime', () => {
  it('reads RFC 3339 / ISO 8601 date-times', () => {
    expect(parseDateTime('2024-02-29T23:59:59.999Z')).toBe(Date.UTC(2024, 1, 29, 23, 59, 59, 999));
    expect(parseDateTime('2024-01-01T00:00:00+01:30')).toBe(Date.UTC(2023, 11, 31, 22, 30));
    expect(parseDateTime('2024-01-01T00:00:00-0500')).toBe(Date.UTC(2024, 0, 1, 5));
    expect(parseDateTime('2024-01-01 12:00')).toBe(Date.UTC(2024, 0, 1, 12));
    expect(parseDateTime('0050-06-01T00:00:00Z')).toBe(new Date('0050-06-01T00:00:00Z').getTime());
  });
  it('rejects everything else', () => {
    for (const value of ['2023-02-29T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01', 'now', '', 5, null, {}, '2024-01-01T25:00:00Z']) {
      expect(parseDateTime(value)).toBeUndefined();
    }
  });
});

describe('timeFields', () => {
  const received = Date.UTC(2025, 0, 1, 12);
  const receivedAt = new Date(received).toISOString();
  it('corrects clock skew', () => {
    const fields = timeFields({ originalTimestamp: '2000-01-01T00:00:00.000Z', sentAt: '2000-01-01T00:01:00.000Z' }, received, receivedAt);
    expect(fields.timestamp).toBe('2025-01-01T11:59:00.000Z');
  });
  it('falls back to receivedAt when the result is out of range', () => {
    expect(timeFields({ originalTimestamp: '0001-01-01T00:00:00Z', sentAt: '9999-01-01T00:00:00Z' }, received, receivedAt).timestamp).toBe(receivedAt);
    expect(formatDateTime(Date.UTC(10000, 0, 1))).toBeUndefined();
  });
});

describe('timeFields fast path', () => {
  const received = Date.UTC(2025, 0, 1, 12);
  const receivedAt = new Date(received).toISOString();
  it('keeps canonical values and rejects rolled-over days', () => {
    const fields = timeFields({ originalTimestamp: '2024-02-29T10:00:00.000Z', sentAt: '2023-02-29T10:00:00.000Z', timestamp: '2024-06-30T23:59:59.999Z' }, received, receivedAt);
    expect(fields.originalTimestamp).toBe('2024-02-29T10:00:00.000Z');
    expect(fields.sentAt).toBe(receivedAt);
    expect(fields.timestamp).toBe('2024-06-30T23:59:59.999Z');
  });
});

describe('timeFields agrees with Date for canonical values', () => {
  it('matches toISOString round trips over many instants, and rejects invalid ones', () => {
    const received = Date.UTC(2025, 0, 1);
    const receivedAt = new Date(received).toISOString();
    for (let i = 0; i < 2000; i++) {
      const ms = Date.UTC(1970 + (i % 130), i % 12, 1 + (i % 28), i % 24, (i * 7) % 60, (i * 13) % 60, (i * 37) % 1000) + i * 86_400_000;
      const iso = new Date(ms).toISOString();
      const fields = timeFields({ originalTimestamp: iso, sentAt: iso }, received, receivedAt);
      expect(fields.originalTimestamp).toBe(iso);
      expect(Date.parse(fields.timestamp)).toBe(received);
    }
    for (const bad of ['2023-02-29T00:00:00.000Z', '2024-04-31T00:00:00.000Z', '2024-01-01T24:00:00.000Z', '2024-01-01T00:60:00.000Z', '2024-00-10T00:00:00.000Z', '2024-01-01T00:00:00.00aZ']) {
      expect(timeFields({ originalTimestamp: bad }, received, receivedAt).originalTimestamp).toBe(receivedAt);
    }
    expect(timeFields({ originalTimestamp: '2000-02-29T00:00:00.000Z' }, received, receivedAt).originalTimestamp).toBe('2000-02-29T00:00:00.000Z');
    expect(timeFields({ originalTimestamp: '1900-02-29T00:00:00.000Z' }, received, receivedAt).originalTimestamp).toBe(receivedAt);
  });
});
