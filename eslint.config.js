import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import { roomsPlugin } from './scripts/eslint-rooms.mjs';

// Only the desktop host (the Electron main process) and the preload import electron.
const electronAllowed = ['src/main/hosts/desktop/**', 'src/preload/**'];

export default tseslint.config(
  { ignores: ['resources/fixtures/**', 'out/**', 'dist/**', 'build/**', 'node_modules/**', 'e2e/artifacts/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.test.ts', 'src/main/testing/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.{ts,mjs}'],
    ignores: electronAllowed,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main/hosts/desktop/** and src/preload/** may import electron: the core runs in plain Node.' }],
          patterns: [{ group: ['electron/*'], message: 'Only src/main/hosts/desktop/** and src/preload/** may import electron.' }],
        },
      ],
    },
  },

  // Environment layering (as VS Code enforces it): the renderer is a browser app and a client of
  // the HTTP APIs; main is plain Node. Neither imports the other; shared/ is imported by both.
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: 'The renderer runs in a browser: no Node built-ins (ask the core over HTTP).' })),
          patterns: [
            { group: ['node:*'], message: 'The renderer runs in a browser: no Node built-ins (ask the core over HTTP).' },
            { group: ['**/main/**', '**/preload/**', 'electron', 'electron/*'], message: 'The renderer never imports main or preload code: use src/shared/ for shapes and the HTTP client for data.' },
          ],
        },
      ],
    },
  },
  // One date/time format across the app: lib/format-time.ts (shown with <When>, the ISO value on hover);
  // questions in the app's own dialogs, never native ones.
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['src/renderer/lib/format-time.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]", message: 'Dates are shown in the one app format: formatWhen() or <When iso={…} /> (lib/format-time.ts).' },
        { selector: "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']", message: 'Dates are shown in the one app format: formatWhen() or <When iso={…} /> (lib/format-time.ts).' },
        { selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']", message: 'Dates are shown in the one app format: formatWhen() or <When iso={…} /> (lib/format-time.ts).' },
        { selector: "CallExpression[callee.object.name='window'][callee.property.name=/^(confirm|alert|prompt)$/]", message: "Ask in the app's own dialog (components/ConfirmDialog.tsx), never a native one." },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'HTMLElement', 'customElements'].map((name) => ({ name, message: 'DOM globals exist only in the renderer.' }))],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src/main/hosts/desktop/** and src/preload/** may import electron: the core runs in plain Node.' }],
          patterns: [{ group: ['**/renderer/**'], message: 'Main and preload never import the renderer: shared shapes live in src/shared/.' }],
        },
      ],
    },
  },
  {
    files: electronAllowed,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/renderer/**'], message: 'Main and preload never import the renderer: shared shapes live in src/shared/.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**', 'node:*', 'electron'], message: 'src/shared/ holds only shapes both sides use: no imports of main, renderer, preload, Node or electron.' }] }],
    },
  },

  // The runtime inside each isolate (plain JavaScript, one closure): no Node, no browser, only the
  // language's built-ins; hardened against user code replacing them (see intrinsics.js): no method
  // called but on the captured intrinsics `I`, an object made here, or a callback; no iteration
  // protocol (for…of, spread, array destructuring).
  {
    files: ['src/main/sandbox/isolate/runtime/*.js'],
    languageOptions: { sourceType: 'script', globals: {} },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-unused-vars': 'off',
      // In-isolate code is real files, never text built from templates (runtime-source.ts strips
      // comment lines on the promise that no file has a multi-line string); and a template's
      // conversion calls a value's own toString, which user code may have replaced.
      'no-restricted-syntax': ['error', { selector: 'TemplateLiteral', message: 'No template literals in the runtime: concatenate strings, converting with I.String (intrinsics.js).' }],
    },
  },
  {
    files: ['src/main/sandbox/isolate/runtime/*.js'],
    // intrinsics.js captures the built-ins; the prelude files run before any user code exists.
    ignores: ['src/main/sandbox/isolate/runtime/intrinsics.js', 'src/main/sandbox/isolate/runtime/prelude.js', 'src/main/sandbox/isolate/runtime/bounded-buffers.js'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ForOfStatement', message: 'for…of uses the array iterator user code may replace: an index loop.' },
        { selector: 'SpreadElement', message: 'Spread uses the array iterator user code may replace: an index loop (lists.js).' },
        { selector: 'ArrayPattern', message: 'Array destructuring uses the iterator user code may replace: read by index.' },
        { selector: "CallExpression > MemberExpression.callee[computed=false][object.name!='I'][object.name!='calls'][object.name!='answers']", message: 'A method looked up at call time may be user code: call the captured intrinsic (I.…, intrinsics.js).' },
        { selector: 'TemplateLiteral', message: 'No template literals in the runtime: concatenate strings, converting with I.String (intrinsics.js).' },
      ],
    },
  },

  // The Rooms table (scripts/rooms.mjs, docs/architecture.md) as lint zones, and the size of a
  // product file.
  {
    files: ['src/main/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { rooms: roomsPlugin },
    rules: { 'rooms/allowed-imports': 'error' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { rooms: roomsPlugin },
    rules: { 'rooms/renderer-features': 'error' },
  },
  // Files under 250 lines: the product, its tests, the end-to-end specs, the benches and scripts.
  {
    files: ['src/**/*.{ts,tsx,js,mjs}', 'e2e/**/*.ts', 'bench/**/*.mjs', 'scripts/**/*.{mjs,ts}'],
    rules: { 'max-lines': ['error', { max: 250 }] },
  },
);
