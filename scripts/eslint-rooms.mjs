// ESLint rule `rooms/allowed-imports`: an import of a product file of src/main goes only where the
// Rooms table (scripts/rooms.mjs) lets its room go.
import { existsSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { refusal, rendererRefusal } from './rooms.mjs';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const main = resolve(root, 'src/main');
const shared = resolve(root, 'src/shared');
const renderer = resolve(root, 'src/renderer');
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.json', '/index.ts', '/index.tsx'];

function target(file, specifier) {
  const base = resolve(dirname(file), specifier.split('?')[0]);
  return EXTENSIONS.map((ext) => base + ext).find((path) => existsSync(path) && statSync(path).isFile());
}

const allowedImports = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports follow the Rooms table (docs/architecture.md)' } },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(`${main}/`) || /\.test\.tsx?$/.test(file)) return {};
    const from = relative(main, file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const path = target(file, specifier);
      if (!path) return;
      const to = path.startsWith(`${shared}/`) ? 'shared' : path.startsWith(`${main}/`) ? relative(main, path) : undefined;
      if (to === undefined) return;
      const why = refusal(from, to);
      if (why) context.report({ node: node.source, message: `Rooms table: ${from} → ${to}: ${why}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

/** ESLint rule `rooms/renderer-features`: the renderer's rooms (rendererRefusal in rooms.mjs). */
const rendererFeatures = {
  meta: { type: 'problem', schema: [], docs: { description: 'Features import each other only through their front door (features/<name>/index.ts)' } },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(`${renderer}/`) || /\.test\.tsx?$/.test(file)) return {};
    const from = relative(renderer, file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const path = target(file, specifier);
      if (!path || !path.startsWith(`${renderer}/`)) return;
      const to = relative(renderer, path);
      const why = rendererRefusal(from, to, node.type === 'ImportExpression');
      if (why) context.report({ node: node.source, message: `Renderer rooms: ${from} → ${to}: ${why}.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const roomsPlugin = { rules: { 'allowed-imports': allowedImports, 'renderer-features': rendererFeatures } };
