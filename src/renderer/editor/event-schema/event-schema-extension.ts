import { javascriptLanguage } from '@codemirror/lang-javascript';
import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { EventFields } from './event-fields';
import { eventSchemaCompletions } from './event-completion';
import { eventHover } from './event-hover';

// The editor's knowledge of captured events as one CodeMirror extension: completion of fields
// and event names, hover with types, share and samples. (The warnings on unknown paths are part
// of the lint: event-path-lint.ts.) `getFields` is read on every use, so a reloaded schema needs
// no reconfiguration.

const hoverTheme = EditorView.baseTheme({
  '.cm-schema-hover': { padding: '0.35rem 0.6rem', maxWidth: '28rem', fontSize: '12.5px', lineHeight: '1.5' },
  '.cm-schema-hover-path': { fontFamily: 'monospace', fontWeight: '600' },
  '.cm-schema-hover-conflict': { color: '#c62828', fontWeight: '600' },
  '.cm-schema-hover-reveal': { font: 'inherit', fontSize: '12px', padding: '0 0.3rem', marginLeft: '0.2rem' },
});

export function eventSchemaExtension(getFields: () => EventFields | undefined): Extension {
  return [javascriptLanguage.data.of({ autocomplete: eventSchemaCompletions(getFields) }), eventHover(getFields), hoverTheme];
}
