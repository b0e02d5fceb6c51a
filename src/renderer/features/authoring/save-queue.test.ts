// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queuedSave, saveRequest } from './save-queue';

describe('saveRequest', () => {
  it('starts a save when none is in flight', () => {
    expect(saveRequest(undefined, 'a')).toBe('start');
  });
  it('queues one when code was typed since the save in flight began, else adds nothing to it', () => {
    expect(saveRequest('a', 'b')).toBe('queue');
    expect(saveRequest('a', 'a')).toBe('nothing');
    expect(saveRequest('', 'a')).toBe('queue');
  });
});

describe('queuedSave', () => {
  it('runs after a save that stored its version, while there are unsaved changes', () => {
    expect(queuedSave({ saved: true, dirty: true })).toBe('run');
    expect(queuedSave({ saved: true, dirty: false })).toBe('nothing-to-save');
  });
  it('is dropped after a save that failed (the page says so), unless nothing is left to save', () => {
    expect(queuedSave({ saved: false, dirty: true })).toBe('dropped');
    expect(queuedSave({ saved: false, dirty: false })).toBe('nothing-to-save');
  });
});
