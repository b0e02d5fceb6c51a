import { parse } from 'acorn';

/** An ESTree node as acorn gives it (character offsets). */
export interface JsNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The module's syntax tree, or undefined when it does not parse. */
export function parseModule(source: string): JsNode | undefined {
  try {
    return parse(source, { ecmaVersion: 'latest', sourceType: 'module', allowAwaitOutsideFunction: true, allowHashBang: true }) as unknown as JsNode;
  } catch {
    return undefined;
  }
}

/** Calls `visit` on every node of the tree, parents before children. */
export function visitNodes(root: JsNode, visit: (node: JsNode) => void): void {
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(walk);
    const node = value as JsNode;
    if (typeof node.type !== 'string') return;
    visit(node);
    for (const [key, child] of Object.entries(node)) if (key !== 'type' && key !== 'start' && key !== 'end') walk(child);
  };
  walk(root);
}
