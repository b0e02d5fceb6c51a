import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { formatShare, formatTypes, shownSamples } from '../../lib/schema-format';
import type { EventFields } from './event-fields';
import { chainPath } from './event-completion';

// Hover on `event.properties.total`: the field's types, share and samples from the learned
// schema (personal data masked; a click shows it).

const CHAIN_END = /(?<![\w$.])event((?:\s*\??\.\s*[\w$]+|\s*\[\s*\d+\s*\])+)$/;

/** The schema path of the `event…` chain that ends with the word at `pos` in `line` (offsets in the line). */
export function pathAt(line: string, pos: number): { path: string; from: number; to: number } | undefined {
  let from = pos;
  let to = pos;
  while (from > 0 && /[\w$]/.test(line[from - 1]!)) from--;
  while (to < line.length && /[\w$]/.test(line[to]!)) to++;
  if (from === to) return undefined;
  const chain = CHAIN_END.exec(line.slice(0, to));
  return chain ? { path: chainPath(chain[1]!), from, to } : undefined;
}

function render(fields: EventFields, path: string): HTMLElement | undefined {
  const field = fields.byPath.get(path);
  if (!field) return undefined;
  const dom = document.createElement('div');
  dom.className = 'cm-schema-hover';
  dom.dataset.testid = 'schema-hover';
  const line = (text: string, className = '') => {
    const p = document.createElement('div');
    p.textContent = text;
    if (className) p.className = className;
    dom.append(p);
    return p;
  };
  line(`event.${path.replace(/\[\]/g, '[0]')}`, 'cm-schema-hover-path');
  line(`${formatTypes(field.types)}${field.conflict ? ' — conflicting types' : ''}`, field.conflict ? 'cm-schema-hover-conflict' : '');
  line(`in ${formatShare(field.share)} of captured events (${field.count.toLocaleString()} of ${fields.totalEvents.toLocaleString()})`);
  if (field.samples.length) {
    const samples = line('');
    const show = (revealed: boolean) => {
      samples.textContent = `samples: ${shownSamples(field.samples, field.pii, revealed).join(', ')} `;
      if (!field.pii) return;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'cm-schema-hover-reveal';
      button.textContent = revealed ? 'mask' : 'show';
      button.onclick = () => show(!revealed);
      samples.append(button);
    };
    show(false);
  }
  return dom;
}

/** The hover extension over the current schema. */
export function eventHover(getFields: () => EventFields | undefined) {
  return hoverTooltip((view, pos): Tooltip | null => {
    const fields = getFields();
    if (!fields) return null;
    const line = view.state.doc.lineAt(pos);
    const at = pathAt(line.text, pos - line.from);
    const dom = at && render(fields, at.path);
    if (!at || !dom) return null;
    return { pos: line.from + at.from, end: line.from + at.to, above: true, create: () => ({ dom }) };
  });
}
