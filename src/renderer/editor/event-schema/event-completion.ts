import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import type { SchemaField } from '../../../shared/api/schema';
import { formatShare, formatTypes, shownSamples } from '../../lib/schema-format';
import { plural } from '../../lib/plural';
import { lastSegment, type EventFields } from './event-fields';

// Completion of event fields from the learned schema: after `event.`, `event.properties.`,
// `event.context.traits.` …, and of event names in `event.event === '…'` and in the cases of
// `switch (event.event)`. Ranked by how many captured events carry the field.

export type SchemaSpot = { kind: 'path'; parent: string; from: number } | { kind: 'event-name'; from: number };

const CHAIN = /(?<![\w$.])event((?:\s*\??\.\s*[\w$]+|\s*\[\s*\d+\s*\])*)\s*\??\.\s*([\w$]*)$/;
const COMPARED = /(?<![\w$.])event\s*\??\.\s*event\s*[!=]==?\s*['"`]([^'"`\\\n]*)$/;
const CASE = /\bcase\s*['"`]([^'"`\\\n]*)$/;
const SWITCH = /switch\s*\(\s*event\s*\??\.\s*event\s*\)\s*\{/g;

/** `.properties.products[0]` → `properties.products[]`. */
export function chainPath(chain: string): string {
  let path = '';
  for (const m of chain.matchAll(/\.\s*([\w$]+)|\[\s*\d+\s*\]/g)) path = m[1] === undefined ? `${path}[]` : path ? `${path}.${m[1]}` : m[1];
  return path;
}

/** Where schema completion applies, from the text before the cursor (`offset` is the cursor). */
export function schemaSpotAt(before: string, offset: number): SchemaSpot | null {
  const tail = before.slice(-600);
  const compared = COMPARED.exec(tail);
  if (compared) return { kind: 'event-name', from: offset - compared[1]!.length };
  const kase = CASE.exec(tail);
  if (kase) {
    const switches = [...tail.matchAll(SWITCH)];
    const lastSwitch = tail.lastIndexOf('switch');
    if (switches.length > 0 && switches.at(-1)!.index === lastSwitch) return { kind: 'event-name', from: offset - kase[1]!.length };
  }
  const chain = CHAIN.exec(tail);
  if (chain) return { kind: 'path', parent: chainPath(chain[1]!), from: offset - chain[2]!.length };
  return null;
}

/** One line about a field: `number · 80% · e.g. 12.5` (samples masked for personal data). */
export function fieldSummary(field: SchemaField): string {
  const sample = shownSamples(field.samples, field.pii)[0];
  return `${formatTypes(field.types)}${field.conflict ? ' (conflict)' : ''} · ${formatShare(field.share)}${sample ? ` · e.g. ${sample}` : ''}`;
}

/** The completion items under a path, most frequent first. */
export function pathOptions(fields: EventFields, parent: string): Completion[] {
  const children = (fields.children.get(parent) ?? []).filter((f) => lastSegment(f.path) !== '[]');
  const top = Math.max(1, ...children.map((f) => f.count));
  return children.map((f) => ({
    label: lastSegment(f.path),
    type: 'property',
    detail: fieldSummary(f),
    info: `event.${f.path.replace(/\[\]/g, '[0]')}\nin ${f.count.toLocaleString()} of ${fields.totalEvents.toLocaleString()} captured events`,
    boost: Math.round((99 * f.count) / top),
  }));
}

export function nameOptions(fields: EventFields): Completion[] {
  const top = Math.max(1, ...fields.names.map((n) => n.count));
  return fields.names.map((n) => ({
    label: n.name,
    type: 'text',
    detail: `${n.type} · ${plural(n.count, 'event')}`,
    boost: Math.round((99 * n.count) / top),
  }));
}

/** The completion source over the current schema (none until it loaded). */
export function eventSchemaCompletions(getFields: () => EventFields | undefined): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const fields = getFields();
    if (!fields) return null;
    const spot = schemaSpotAt(context.state.sliceDoc(Math.max(0, context.pos - 600), context.pos), context.pos);
    if (!spot) return null;
    if (spot.kind === 'event-name') {
      const options = nameOptions(fields);
      return options.length ? { from: spot.from, options, validFor: /^[^'"`\\\n]*$/ } : null;
    }
    const options = pathOptions(fields, spot.parent);
    return options.length ? { from: spot.from, options, validFor: /^[\w$]*$/ } : null;
  };
}
