import type { FlameNode } from '../../../shared/api/debug';

interface Bar {
  node: FlameNode;
  depth: number;
  /** Share of the root's total: start and width (0..1). */
  x: number;
  width: number;
}

const MAX_DEPTH = 40;

function layout(root: FlameNode): Bar[] {
  const bars: Bar[] = [];
  const total = root.totalMs || 1;
  const place = (node: FlameNode, depth: number, x: number) => {
    bars.push({ node, depth, x, width: node.totalMs / total });
    if (depth >= MAX_DEPTH) return;
    let at = x;
    for (const child of node.children) {
      place(child, depth + 1, at);
      at += child.totalMs / total;
    }
  };
  place(root, 0, 0);
  return bars;
}

/** The call tree as a flame chart (callers above callees, width = total time); user code highlighted. */
export function FlameChart({ root, userUrls }: { root: FlameNode; userUrls: Set<string> }) {
  const bars = layout(root);
  const depth = Math.max(...bars.map((b) => b.depth)) + 1;
  return (
    <div className="flame-chart" style={{ height: `${depth * 20}px` }} role="img" aria-label="Flame chart of the profile">
      {bars.map((bar, i) => (
        <div
          key={i}
          className={`flame-bar ${userUrls.has(bar.node.url) ? 'user' : ''}`}
          style={{ top: `${bar.depth * 20}px`, left: `${bar.x * 100}%`, width: `${bar.width * 100}%` }}
          title={`${bar.node.name} ${bar.node.url ? `(${bar.node.url}:${bar.node.line})` : ''}: ${bar.node.totalMs} ms total, ${bar.node.selfMs} ms self`}
        >
          {bar.width > 0.04 ? bar.node.name : ''}
        </div>
      ))}
    </div>
  );
}
