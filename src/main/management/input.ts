import type { EventObject } from '../../shared/api/management';
import { DEFAULT_MAX_CODE_BYTES } from '../../shared/api/settings';
import { StudioError, badRequest } from '../errors';
import type { SettingsRepo } from '../store/settings-repo';

/** Settings key holding the largest accepted `code` in bytes (UTF-8). */
export const MAX_CODE_BYTES_SETTING = 'management.maxCodeBytes';

/** Fields of create/update bodies that the services read (the routes' schemas check the types). */
export interface CodeObjectInput {
  name?: string;
  description?: string;
  code?: string;
  codeVersion?: string;
  language?: string;
  /** The author's note on the new version. */
  message?: string;
}

/** The version message as stored: trimmed, null when blank. */
export const versionMessage = (input: CodeObjectInput): string | null => input.message?.trim() || null;

export function checkName(name: string | undefined, field = 'name'): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw new StudioError('validation', `body: field "${field}" must not be empty`);
  return trimmed;
}

export function maxCodeBytes(settings: SettingsRepo): number {
  const value = settings.get<unknown>(MAX_CODE_BYTES_SETTING, DEFAULT_MAX_CODE_BYTES);
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_CODE_BYTES;
}

export function checkCode(code: string, settings: SettingsRepo): string {
  const limit = maxCodeBytes(settings);
  const size = Buffer.byteLength(code, 'utf8');
  if (size > limit) {
    throw new StudioError(
      'payload_too_large',
      `body: field "code" is too large (${size} bytes; the limit is ${limit} bytes, setting "${MAX_CODE_BYTES_SETTING}")`,
    );
  }
  return code;
}

/** codeVersion is always "1" and language "javascript"; anything else is refused clearly. */
export function checkCodeFlavour(input: CodeObjectInput): void {
  if (input.codeVersion !== undefined && input.codeVersion !== '1') {
    throw new StudioError('validation', `body: field "codeVersion" must be "1" (got "${input.codeVersion}"): only module code with transformEvent or transformBatch is supported`);
  }
  if (input.language !== undefined && input.language !== 'javascript') {
    throw new StudioError('validation', `body: field "language" must be "javascript" (got "${input.language}")`);
  }
}

const isEventObject = (value: unknown): value is EventObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Test input of a publish entry: an array of event objects, or a string holding one. */
export function parseTestInput(value: unknown, field: string): EventObject[] | undefined {
  if (value === undefined || value === null) return undefined;
  let events = value;
  if (typeof value === 'string') {
    if (!value.trim()) return [];
    try {
      events = JSON.parse(value);
    } catch (error) {
      throw badRequest(`body: field "${field}" is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!Array.isArray(events)) {
    throw new StudioError('validation', `body: field "${field}" must be an array of event objects (or a string holding one)`);
  }
  events.forEach((event, index) => {
    if (!isEventObject(event)) throw new StudioError('validation', `body: field "${field}.${index}" must be an event object`);
  });
  return events as EventObject[];
}

/** Distinct ids in first-seen order. */
export const distinct = (ids: string[]): string[] => [...new Set(ids)];
