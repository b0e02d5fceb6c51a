import type { CallType } from './call-types';

export type Json = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The hosted service's text form of an identifier: trimmed strings; null and absent are
 * empty; numbers, booleans and objects become their JSON text.
 */
export function idText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  return (JSON.stringify(value) ?? '').trim();
}

/** Optional fields that must be objects when present (null counts as absent). */
const OBJECT_FIELDS: Record<CallType, readonly string[]> = {
  identify: ['context', 'integrations', 'traits'],
  track: ['context', 'integrations', 'properties'],
  page: ['context', 'integrations', 'properties'],
  screen: ['context', 'integrations', 'properties'],
  group: ['context', 'integrations', 'traits'],
  alias: ['context', 'integrations', 'traits'],
  merge: ['context', 'integrations'],
};

function requireText(call: Json, field: string): string | undefined {
  const value = call[field];
  if (value === undefined || value === null) return `"${field}" is required`;
  if (typeof value !== 'string') return `"${field}" must be a string`;
  if (!value.trim()) return `"${field}" must not be empty`;
  return undefined;
}

/** Identifiers (groupId, previousId): a non-empty string; numbers are accepted as their text. */
function requireId(call: Json, field: string): string | undefined {
  const value = call[field];
  if (value === undefined || value === null) return `"${field}" is required`;
  if (typeof value === 'number' && Number.isFinite(value)) return undefined;
  if (typeof value !== 'string') return `"${field}" must be a string`;
  if (!value.trim()) return `"${field}" must not be empty`;
  return undefined;
}

function checkMergeProperties(call: Json): string | undefined {
  const value = call.mergeProperties;
  if (value === undefined || value === null) return '"mergeProperties" is required';
  if (Array.isArray(value)) {
    if (value.length === 0) return '"mergeProperties" must not be empty';
    for (let i = 0; i < value.length; i++) {
      const entry: unknown = value[i];
      if (!isPlainObject(entry)) return `"mergeProperties[${i}]" must be an object with "type" and "value"`;
      if (typeof entry.type !== 'string' || !entry.type.trim()) return `"mergeProperties[${i}].type" must be a non-empty string`;
      if (!((typeof entry.value === 'string' && entry.value.trim()) || (typeof entry.value === 'number' && Number.isFinite(entry.value)))) {
        return `"mergeProperties[${i}].value" must be a non-empty string`;
      }
    }
    return undefined;
  }
  if (!isPlainObject(value)) return '"mergeProperties" must be an array of {type, value} entries or an object';
  if (Object.keys(value).length === 0) return '"mergeProperties" must not be empty';
  return undefined;
}

/**
 * Checks one call against the seed's rules for its type. Returns the problem (without a
 * location prefix) or undefined. The identity rule uses the hosted service's exact text.
 */
export function validateCall(type: CallType, call: Json): string | undefined {
  if (!idText(call.userId) && !idText(call.anonymousId)) return 'request neither has anonymousId nor userId';
  let problem: string | undefined;
  switch (type) {
    case 'track':
      problem = requireText(call, 'event');
      break;
    case 'page':
    case 'screen':
      problem = requireText(call, 'name');
      break;
    case 'group':
      problem = requireId(call, 'groupId');
      break;
    case 'alias':
      problem = requireId(call, 'previousId');
      break;
    case 'merge':
      problem = checkMergeProperties(call);
      break;
    default:
      break;
  }
  if (problem) return `${type}: ${problem}`;
  for (const field of OBJECT_FIELDS[type]) {
    const value = call[field];
    if (value !== undefined && value !== null && !isPlainObject(value)) return `${type}: "${field}" must be an object`;
  }
  return undefined;
}
