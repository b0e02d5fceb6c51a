// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { keepEdits, labelled, namedFields, saveSettings } from './save-settings';

type All = { sandbox: { memoryLimitMb: number; timeoutMs: number }; management: { maxCodeBytes: number }; retention: { maxAgeDays: number | null } };
const stored: All = { sandbox: { memoryLimitMb: 128, timeoutMs: 4000 }, management: { maxCodeBytes: 1_000_000 }, retention: { maxAgeDays: null } };

/** Endpoints over an in-memory store that refuse what the server would. */
function server(refuse: Partial<Record<keyof All, string>> = {}, failPutBack = false) {
  const state: All = structuredClone(stored);
  const calls: string[] = [];
  const put = <K extends keyof All>(key: K) => async (value: All[K]) => {
    calls.push(key);
    const back = JSON.stringify(value) === JSON.stringify(stored[key]);
    if (back && failPutBack) throw new Error('connection lost');
    if (refuse[key] && !back) throw new Error(refuse[key]);
    state[key] = value;
    return value;
  };
  return { state, calls, put: { sandbox: put('sandbox'), management: put('management'), retention: put('retention') } };
}

describe('saveSettings', () => {
  it('sends only the parts that changed and answers what is stored', async () => {
    const s = server();
    const wanted = { ...stored, retention: { maxAgeDays: 7 } };
    expect(await saveSettings(stored, wanted, s.put)).toEqual({ ok: true, saved: wanted });
    expect(s.calls).toEqual(['retention']);
  });

  it('all or nothing: a refused part puts back the parts already saved and every refusal is said with the form\'s labels', async () => {
    const s = server({ sandbox: 'body: field "memoryLimitMb" must be >= 16', management: 'body: field "maxCodeBytes" must be <= 1048576' });
    const wanted = { sandbox: { memoryLimitMb: 0, timeoutMs: 4000 }, management: { maxCodeBytes: 2_000_000 }, retention: { maxAgeDays: 7 } };
    const outcome = await saveSettings(stored, wanted, s.put);
    expect(outcome).toEqual({
      ok: false,
      error: 'Nothing was saved: Memory limit (MB) must be >= 16; Largest code size (bytes) must be <= 1048576',
      fields: ['memoryLimitMb', 'maxCodeBytes'],
    });
    expect(s.state).toEqual(stored);
    expect(s.calls).toEqual(['sandbox', 'management', 'retention', 'retention']);
  });

  it('says so when a part could not be put back', async () => {
    const s = server({ sandbox: 'body: field "timeoutMs" must be >= 1' }, true);
    const outcome = await saveSettings(stored, { ...stored, sandbox: { memoryLimitMb: 128, timeoutMs: -5 }, retention: { maxAgeDays: 7 } }, s.put);
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toMatch(/^Not all saved: Time limit per batch \(ms\) must be >= 1; the retention settings were saved and could not be put back \(connection lost\)/);
  });

  it('names the refused fields of a message, none when it names none', () => {
    expect(namedFields('body: field "memoryLimitMb" must be >= 16 and field "timeoutMs" must be >= 1')).toEqual(['memoryLimitMb', 'timeoutMs']);
    expect(namedFields('connection lost')).toEqual([]);
  });

  it('labels only the fields it knows', () => {
    expect(labelled('body: field "other" is odd')).toBe('field "other" is odd');
  });
});

describe('keepEdits (a save answered after the user edited on)', () => {
  it('takes the server\'s answer except the fields edited since the save was sent', () => {
    const sent = { ...stored, sandbox: { memoryLimitMb: 256, timeoutMs: 4000 } };
    const now = { ...sent, sandbox: { memoryLimitMb: 256, timeoutMs: 9000 }, retention: { maxAgeDays: 3 } };
    const saved = { ...sent, sandbox: { memoryLimitMb: 256, timeoutMs: 4000 }, management: { maxCodeBytes: 999 } };
    expect(keepEdits(sent, now, saved)).toEqual({ sandbox: { memoryLimitMb: 256, timeoutMs: 9000 }, management: { maxCodeBytes: 999 }, retention: { maxAgeDays: 3 } });
    expect(keepEdits(sent, sent, saved)).toEqual(saved);
  });
});
