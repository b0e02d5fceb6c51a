import { describe, expect, it } from 'vitest';
import { messageParts } from './message-parts';

describe('messageParts', () => {
  it('makes the text between a pair of backticks code', () => {
    expect(messageParts("remove `import … from 'bits'` from it (and save)")).toEqual([
      { text: 'remove ', code: false },
      { text: "import … from 'bits'", code: true },
      { text: ' from it (and save)', code: false },
    ]);
  });

  it('leaves a message without backticks whole, and an unpaired backtick as it is', () => {
    expect(messageParts('nothing to format')).toEqual([{ text: 'nothing to format', code: false }]);
    expect(messageParts('run `npm ci` then `this')).toEqual([
      { text: 'run ', code: false },
      { text: 'npm ci', code: true },
      { text: ' then `this', code: false },
    ]);
    expect(messageParts('`a`')).toEqual([{ text: 'a', code: true }]);
    expect(messageParts('')).toEqual([]);
  });
});
