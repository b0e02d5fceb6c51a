import { RangeSetBuilder, type ChangeSet, type Extension, type Text } from '@codemirror/state';
import { Decoration, EditorView, gutter, GutterMarker } from '@codemirror/view';

/** What the debugger and profiler show in an editor: breakpoints, the paused line, line heat. */
export interface DebugMarks {
  /** 1-based lines with a breakpoint. */
  breakpoints?: number[];
  /** Clicking the breakpoint gutter toggles a breakpoint on that 1-based line (no handler: no gutter). */
  onToggleBreakpoint?: (line: number) => void;
  /** Breakpoints with a condition, or logpoints, by 1-based line. */
  breakpointKinds?: Map<number, 'conditional' | 'log'>;
  /** Right-click in the breakpoint gutter: edit that line's condition or log message. */
  onEditBreakpoint?: (line: number) => void;
  /** An edit of the document: the breakpoints follow their lines (move-breakpoints.ts). */
  onEdit?: (before: Text, after: Text, changes: ChangeSet) => void;
  /** The 1-based line the debugger is paused on. */
  currentLine?: number;
  /** Self time per 1-based line (profile), with its share of the hottest line's (0..1]. */
  heat?: { line: number; selfMs: number; share: number }[];
  /** Coverage per 1-based line with code; `stale`: the code changed since it ran. */
  coverage?: { lines: { line: number; status: 'covered' | 'partly' | 'not'; hits: number }[]; stale: boolean; by: string };
}

const BREAKPOINT_SHAPES = { plain: '●', conditional: '◆', log: '◈' } as const;

class BreakpointMarker extends GutterMarker {
  constructor(
    readonly on: boolean,
    readonly kind: 'plain' | 'conditional' | 'log' = 'plain',
  ) {
    super();
  }
  override eq(other: BreakpointMarker) {
    return other.on === this.on && other.kind === this.kind;
  }
  override toDOM() {
    const dot = document.createElement('span');
    dot.className = this.on ? `cm-breakpoint on ${this.kind}` : 'cm-breakpoint';
    dot.textContent = BREAKPOINT_SHAPES[this.kind];
    if (this.kind !== 'plain') dot.title = this.kind === 'log' ? 'Logpoint (right-click to edit)' : 'Conditional breakpoint (right-click to edit)';
    return dot;
  }
}

const ms = (value: number) => (value >= 100 ? `${Math.round(value)}` : value >= 10 ? value.toFixed(1) : value.toFixed(2));

class HeatMarker extends GutterMarker {
  constructor(
    readonly line: number,
    readonly selfMs: number,
    readonly share: number,
  ) {
    super();
  }
  override eq(other: HeatMarker) {
    return other.line === this.line && other.selfMs === this.selfMs && other.share === this.share;
  }
  override toDOM() {
    const cell = document.createElement('span');
    cell.className = this.share > 0.45 ? 'cm-heat hot' : 'cm-heat';
    cell.dataset.line = String(this.line);
    cell.style.setProperty('--heat', String(Math.max(0.08, this.share)));
    cell.textContent = `${ms(this.selfMs)} ms`;
    cell.title = `${ms(this.selfMs)} ms self time on this line`;
    return cell;
  }
}

const COVERAGE_WORDS = { covered: 'Covered', partly: 'Partly covered: a branch on this line was never taken', not: 'Not covered' } as const;

class CoverageMarker extends GutterMarker {
  constructor(
    readonly line: number,
    readonly status: 'covered' | 'partly' | 'not' | 'none',
    readonly hits: number,
    readonly stale: boolean,
    readonly by: string,
  ) {
    super();
  }
  override eq(other: CoverageMarker) {
    return other.line === this.line && other.status === this.status && other.hits === this.hits && other.stale === this.stale && other.by === this.by;
  }
  override toDOM() {
    const bar = document.createElement('span');
    bar.className = `cm-coverage ${this.status}${this.stale ? ' stale' : ''}`;
    if (this.status === 'none') return bar;
    bar.dataset.line = String(this.line);
    bar.dataset.status = this.status;
    bar.dataset.hits = String(this.hits);
    const runs = this.hits === 1 ? 'ran once' : `ran ${this.hits} times`;
    bar.title = `${COVERAGE_WORDS[this.status]} by ${this.by}${this.status === 'not' ? '' : ` (${runs})`}${this.stale ? ' — out of date: the code changed since' : ''}`;
    return bar;
  }
}

const currentLineMark = Decoration.line({ class: 'cm-debug-current', attributes: { 'data-debug-current': 'true' } });

/** A gutter with a marker on each 1-based line of `entries` (lines past the document's end left out). */
function lineMarkGutter<T extends { line: number }>(className: string, entries: readonly T[], marker: (entry: T) => GutterMarker, spacer: () => GutterMarker): Extension {
  return gutter({
    class: className,
    markers: (view) => {
      const builder = new RangeSetBuilder<GutterMarker>();
      for (const entry of [...entries].sort((a, b) => a.line - b.line)) {
        if (entry.line <= view.state.doc.lines) builder.add(view.state.doc.line(entry.line).from, view.state.doc.line(entry.line).from, marker(entry));
      }
      return builder.finish();
    },
    initialSpacer: spacer,
  });
}

/** The editor extension for a set of marks (rebuilt whenever they change). */
export function debugExtension(marks: DebugMarks | undefined): Extension {
  if (!marks) return [];
  const extensions: Extension[] = [];
  const { onToggleBreakpoint, onEdit, currentLine, heat } = marks;
  if (onEdit) extensions.push(EditorView.updateListener.of((update) => update.docChanged && onEdit(update.startState.doc, update.state.doc, update.changes)));
  if (onToggleBreakpoint) {
    const lines = [...new Set(marks.breakpoints ?? [])].sort((a, b) => a - b);
    extensions.push(
      gutter({
        class: 'cm-breakpoint-gutter',
        markers: (view) => {
          const builder = new RangeSetBuilder<GutterMarker>();
          for (const line of lines) if (line <= view.state.doc.lines) builder.add(view.state.doc.line(line).from, view.state.doc.line(line).from, new BreakpointMarker(true, marks.breakpointKinds?.get(line)));
          return builder.finish();
        },
        initialSpacer: () => new BreakpointMarker(false),
        domEventHandlers: {
          mousedown(view, block, event) {
            if ((event as MouseEvent).button !== 0) return false;
            onToggleBreakpoint(view.state.doc.lineAt(block.from).number);
            return true;
          },
          contextmenu(view, block, event) {
            if (!marks.onEditBreakpoint) return false;
            event.preventDefault();
            marks.onEditBreakpoint(view.state.doc.lineAt(block.from).number);
            return true;
          },
        },
      }),
    );
  }
  if (heat && heat.length > 0) {
    extensions.push(lineMarkGutter('cm-heat-gutter', heat, (entry) => new HeatMarker(entry.line, entry.selfMs, entry.share), () => new HeatMarker(0, 888.8, 1)));
  }
  if (marks.coverage && marks.coverage.lines.length > 0) {
    const { lines, stale, by } = marks.coverage;
    extensions.push(lineMarkGutter('cm-coverage-gutter', lines, (entry) => new CoverageMarker(entry.line, entry.status, entry.hits, stale, by), () => new CoverageMarker(0, 'none', 0, false, '')));
  }
  if (currentLine !== undefined) {
    extensions.push(
      EditorView.decorations.of((view) => {
        if (currentLine < 1 || currentLine > view.state.doc.lines) return Decoration.none;
        return Decoration.set([currentLineMark.range(view.state.doc.line(currentLine).from)]);
      }),
    );
  }
  return extensions;
}
