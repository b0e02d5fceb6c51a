// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { completionSpotAt, namespaceImports } from './completion-context';

function spot(text: string, explicit = false) {
  const cursor = text.indexOf('|');
  const doc = text.replace('|', '');
  return completionSpotAt(doc.slice(0, cursor), doc.slice(cursor), cursor, explicit);
}

describe('completionSpotAt', () => {
  it('completes import names inside the module string', () => {
    expect(spot(`import { a } from 'ev|';`)).toEqual({ kind: 'import-source', from: 19 });
    expect(spot(`import "|`)).toEqual({ kind: 'import-source', from: 8 });
  });

  it('completes exported names between braces, knowing the module when it is written', () => {
    expect(spot(`import { mask| } from 'eventUtils';`)).toEqual({ kind: 'import-names', from: 9, source: 'eventUtils' });
    expect(spot(`import {\n  titleCase,\n  |\n} from "eventUtils"`)).toEqual({ kind: 'import-names', from: 24, source: 'eventUtils' });
    expect(spot(`import { |`)).toEqual({ kind: 'import-names', from: 9, source: undefined });
  });

  it('completes members of an object and plain identifiers', () => {
    expect(spot(`utils.ma|`)).toEqual({ kind: 'member', from: 6, object: 'utils' });
    expect(spot(`  fet|`)).toEqual({ kind: 'identifier', from: 2 });
    expect(spot(`x = 12|`)).toBeNull();
    expect(spot(`x = |`)).toBeNull();
    expect(spot(`x = |`, true)).toEqual({ kind: 'identifier', from: 4 });
  });

  it('does not treat a closed import as open braces', () => {
    expect(spot(`import { a } from 'x';\nlo|`)).toEqual({ kind: 'identifier', from: 23 });
  });
});

describe('namespaceImports', () => {
  it('maps namespace bindings to import names', () => {
    expect([...namespaceImports(`import * as u from 'eventUtils';\nimport { x } from 'y';`)]).toEqual([['u', 'eventUtils']]);
  });
});
