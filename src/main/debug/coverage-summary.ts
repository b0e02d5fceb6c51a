import { tokenizer } from 'acorn';
import type { BranchCoverage, LineCoverage, ScriptCoverage } from '../../shared/api/coverage';
import { parseModule, visitNodes, type JsNode } from './js-tree';

/** V8's precise coverage of one script (Profiler.takePreciseCoverage, block granularity). */
export interface V8ScriptCoverage {
  url: string;
  functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
}

/**
 * Executions per character of a source over every script V8 compiled from it (each run's realm
 * compiles the module again, under the same url): within one script a character counts as its
 * innermost range says (V8 nests block ranges in function ranges), and the scripts add up.
 */
export function countsPerOffset(length: number, scripts: V8ScriptCoverage[]): Float64Array {
  const total = new Float64Array(length);
  for (const script of scripts) {
    const ranges = script.functions.flatMap((f) => f.ranges).sort((a, b) => b.endOffset - b.startOffset - (a.endOffset - a.startOffset));
    const counts = new Float64Array(length);
    for (const range of ranges) counts.fill(range.count, Math.max(0, range.startOffset), Math.min(length, range.endOffset));
    for (let i = 0; i < length; i++) total[i]! += counts[i]!;
  }
  return total;
}

const snippet = (source: string, node: JsNode) => {
  const text = source.slice(node.start, node.end).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/** The branch points of a module: each way an if, a ?:, a switch or a && / || / ?? can go. */
function branchPoints(source: string, program: JsNode): { at: number; kind: BranchCoverage['kind']; label: string; taken: (count: (offset: number) => number) => number }[] {
  const points: ReturnType<typeof branchPoints> = [];
  const at = (node: JsNode) => (count: (offset: number) => number) => count(node.start);
  visitNodes(program, (node) => {
    if (node.type === 'IfStatement') {
      const test = `if (${snippet(source, node.test as JsNode)})`;
      const consequent = node.consequent as JsNode;
      points.push({ at: consequent.start, kind: 'then', label: test, taken: at(consequent) });
      const alternate = node.alternate as JsNode | null;
      if (alternate) points.push({ at: alternate.start, kind: 'else', label: `else of ${test}`, taken: at(alternate) });
      // No else: it was taken each time the if ran without its branch.
      else points.push({ at: node.start, kind: 'else', label: `${test} not taken (no else)`, taken: (count) => Math.max(0, count(node.start) - count(consequent.start)) });
    } else if (node.type === 'ConditionalExpression') {
      const test = snippet(source, node.test as JsNode);
      points.push({ at: (node.consequent as JsNode).start, kind: 'cond-then', label: `${test} ? …`, taken: at(node.consequent as JsNode) });
      points.push({ at: (node.alternate as JsNode).start, kind: 'cond-else', label: `${test} ? … : …`, taken: at(node.alternate as JsNode) });
    } else if (node.type === 'SwitchStatement') {
      for (const c of node.cases as JsNode[]) {
        const body = (c.consequent as JsNode[])[0] ?? c;
        points.push({ at: c.start, kind: 'case', label: c.test ? `case ${snippet(source, c.test as JsNode)}` : 'default', taken: at(body) });
      }
    } else if (node.type === 'LogicalExpression') {
      const right = node.right as JsNode;
      points.push({ at: right.start, kind: 'right', label: `${node.operator as string} ${snippet(source, right)}`, taken: at(right) });
    }
  });
  return points;
}

/** 1-based line and column of each offset, by a table of line starts. */
function lineIndex(source: string) {
  const starts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/**
 * A script's coverage in the editor's terms: each line with code (its tokens: comments and blank
 * lines are not code) covered when every token ran, not covered when none did, partly otherwise
 * or when a branch on it was never taken; the branches with how often each was taken.
 */
export function scriptCoverage(url: string, source: string, scripts: V8ScriptCoverage[]): ScriptCoverage {
  const counts = countsPerOffset(source.length, scripts);
  const count = (offset: number) => counts[Math.min(Math.max(0, offset), source.length - 1)] ?? 0;
  const position = lineIndex(source);
  const perLine = new Map<number, { ran: number; missed: number; hits: number }>();
  try {
    for (const token of tokenizer(source, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowHashBang: true })) {
      const { line } = position(token.start);
      const entry = perLine.get(line) ?? { ran: 0, missed: 0, hits: 0 };
      const n = count(token.start);
      if (n > 0) entry.ran++;
      else entry.missed++;
      entry.hits = Math.max(entry.hits, n);
      perLine.set(line, entry);
    }
  } catch {
    // a source that does not tokenize has no lines we can mark
  }
  const program = parseModule(source);
  const branches: BranchCoverage[] = program
    ? branchPoints(source, program).map((point) => ({ ...position(point.at), kind: point.kind, label: point.label, hits: Math.round(point.taken(count)) }))
    : [];
  const branchMissed = new Set(branches.filter((b) => b.hits === 0).map((b) => b.line));
  const lines: LineCoverage[] = [...perLine]
    .sort((a, b) => a[0] - b[0])
    .map(([line, { ran, missed, hits }]) => ({ line, hits: Math.round(hits), status: ran === 0 ? 'not' : missed > 0 || branchMissed.has(line) ? 'partly' : 'covered' }));
  return {
    url,
    lines,
    branches,
    summary: {
      lines: { covered: lines.filter((l) => l.status !== 'not').length, total: lines.length },
      branches: { covered: branches.filter((b) => b.hits > 0).length, total: branches.length },
    },
  };
}
