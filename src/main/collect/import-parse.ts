import { isCallType } from './call-types';
import type { EventPath } from './parse';

// Reads an import file into event API requests (path + body text), each labelled with where
// it is in the file. Validation of the bodies is the event API's own (parseEventBody).

export type ImportFileFormat = 'json' | 'ndjson' | 'batch' | 'har' | 'curl';
export interface ImportItem {
  at: string;
  path: EventPath | undefined;
  body: string;
  /** Why the item could not even be read as a request (bad line, no /v1 path). */
  problem?: string;
}

const V1_PATH = /\/v1\/([a-z]+)\b/;
const pathOf = (name: string | undefined): EventPath | undefined => (name === 'batch' || (name !== undefined && isCallType(name)) ? (name as EventPath) : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One event object (or a whole {batch} body) as the request the event API would get. */
function eventItem(at: string, value: unknown, text: string): ImportItem {
  if (!isObject(value)) return { at, path: undefined, body: text, problem: 'not a JSON object (an event, or a {"batch": [...]} body)' };
  if (Array.isArray(value.batch)) return { at, path: 'batch', body: text };
  const type = typeof value.type === 'string' ? value.type : undefined;
  const path = pathOf(type);
  if (!path || path === 'batch') return { at, path: undefined, body: text, problem: `"type" must be one of identify, track, page, screen, group, alias, merge (got ${JSON.stringify(value.type) ?? 'nothing'})` };
  return { at, path, body: text };
}

function harItems(har: Record<string, unknown>): ImportItem[] {
  const entries = (har.log as { entries?: unknown } | undefined)?.entries;
  if (!Array.isArray(entries)) return [{ at: 'file', path: undefined, body: '', problem: 'a HAR file needs log.entries' }];
  const items: ImportItem[] = [];
  entries.forEach((entry: unknown, i) => {
    const request = isObject(entry) && isObject(entry.request) ? entry.request : undefined;
    const url = typeof request?.url === 'string' ? request.url : '';
    const match = V1_PATH.exec(url);
    if (!request || !match || String(request.method).toUpperCase() !== 'POST') return; // other traffic in the recording
    const at = `entry ${i + 1} (POST /v1/${match[1]})`;
    const path = pathOf(match[1]);
    const text = isObject(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : '';
    items.push(path ? { at, path, body: text } : { at, path: undefined, body: text, problem: `/v1/${match[1]} is not an event API endpoint` });
  });
  if (items.length === 0) return [{ at: 'file', path: undefined, body: '', problem: 'the HAR file holds no POST /v1/* requests' }];
  return items;
}

/** Shell words of one command: quotes, backslash escapes and line continuations. */
export function shellWords(command: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (c === '\\' && command[i + 1] === '\n') { i++; continue; }
    if (/\s/.test(c)) { if (word !== undefined) words.push(word); word = undefined; continue; }
    word ??= '';
    if (c === "'" || (c === '$' && command[i + 1] === "'")) {
      if (c === '$') i++;
      const end = command.indexOf("'", i + 1);
      word += command.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? command.length : end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < command.length && command[j] !== '"'; j++) {
        if (command[j] === '\\' && j + 1 < command.length && '"\\$`'.includes(command[j + 1]!)) j++;
        word += command[j];
      }
      i = j;
    } else if (c === '\\' && i + 1 < command.length) word += command[++i];
    else word += c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

const DATA_FLAGS = ['-d', '--data', '--data-raw', '--data-binary', '--data-ascii'];

function curlItems(text: string): ImportItem[] {
  const commands = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return commands.map((command, i) => {
    const at = `command ${i + 1}`;
    const words = shellWords(command);
    if (words[0] !== 'curl') return { at, path: undefined, body: '', problem: 'not a curl command' };
    let body: string | undefined;
    let url = '';
    for (let k = 1; k < words.length; k++) {
      const w = words[k]!;
      const eq = DATA_FLAGS.find((f) => f.startsWith('--') && w.startsWith(`${f}=`));
      if (DATA_FLAGS.includes(w)) body = words[++k];
      else if (eq) body = w.slice(eq.length + 1);
      else if (/^https?:\/\//.test(w) || V1_PATH.test(w)) url = w;
    }
    const match = V1_PATH.exec(url);
    const path = pathOf(match?.[1]);
    if (!path) return { at, path: undefined, body: body ?? '', problem: `no event API URL (…/v1/track, …/v1/batch) in the command` };
    if (body === undefined) return { at, path, body: '', problem: 'no body (-d / --data)' };
    return { at: `${at} (POST /v1/${path})`, path, body };
  });
}

function ndjsonItems(text: string): ImportItem[] {
  const items: ImportItem[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      items.push({ at: `line ${i + 1}`, path: undefined, body: line, problem: `invalid json: ${(error as Error).message}` });
      return;
    }
    items.push(eventItem(`line ${i + 1}`, value, line));
  });
  return items;
}

/** Detects the format when asked (`auto`), then reads the requests of the file. */
export function readImportFile(content: string, format: ImportFileFormat | 'auto'): { format: ImportFileFormat; items: ImportItem[] } {
  const trimmed = content.trim();
  let whole: unknown;
  let parsed = false;
  if (format !== 'ndjson' && format !== 'curl' && (trimmed.startsWith('{') || trimmed.startsWith('['))) {
    try {
      whole = JSON.parse(trimmed);
      parsed = true;
    } catch {
      /* NDJSON, or a broken JSON file (reported below) */
    }
  }
  const detected: ImportFileFormat =
    format !== 'auto' ? format
    : /^curl\s/.test(trimmed) ? 'curl'
    : !parsed ? 'ndjson'
    : Array.isArray(whole) ? 'json'
    : isObject(whole) && isObject(whole.log) ? 'har'
    : isObject(whole) && 'batch' in whole ? 'batch'
    : 'ndjson';
  if (detected === 'curl') return { format: detected, items: curlItems(content) };
  if (detected === 'ndjson') return { format: detected, items: ndjsonItems(content) };
  if (!parsed) return { format: detected, items: [{ at: 'file', path: undefined, body: '', problem: `the file is not valid JSON (expected ${detected === 'json' ? 'an array of events' : detected === 'har' ? 'a HAR file' : 'a {"batch": [...]} body'})` }] };
  if (detected === 'har') return { format: detected, items: isObject(whole) ? harItems(whole) : [{ at: 'file', path: undefined, body: '', problem: 'a HAR file is a JSON object' }] };
  if (detected === 'batch') return { format: detected, items: [isObject(whole) ? { at: 'batch', path: 'batch', body: trimmed } : { at: 'file', path: undefined, body: '', problem: 'expected {"batch": [...]}' }] };
  if (!Array.isArray(whole)) return { format: detected, items: [{ at: 'file', path: undefined, body: '', problem: 'expected a JSON array of events' }] };
  return { format: detected, items: whole.map((value, i) => eventItem(`item ${i + 1}`, value, JSON.stringify(value))) };
}
