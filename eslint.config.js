import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Boundary rules (DESIGN section 7): each file knows its runtime. `electron` belongs to the few adapters that
 * wrap it; raw ipcMain/ipcRenderer belong to the IPC transport and the preload; shared/ stays pure.
 */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

const electronAdapters = [
  'electron/main/index.ts',
  'electron/main/platform/**',
  'electron/main/ipc/electron-transport.ts',
  'electron/main/ipc/electron-transport.test.ts',
  'electron/preload/**',
];
const rawIpcAllowed = [
  'electron/main/ipc/electron-transport.ts',
  'electron/main/ipc/electron-transport.test.ts',
  'electron/preload/**',
];

/**
 * Layering by folder, like VS Code's: a capability (everything in electron/main but the adapters) reaches the
 * platform only through ports the core hands it, never a transport, and the Gemini SDK only through gemini/.
 */
const capabilityLayers = [
  { group: ['**/platform/*', './platform/*'], message: 'Capabilities take platform services as ports from the core; only index.ts wires platform/.' },
  { group: ['**/ipc/electron-transport', '**/harness/*', 'ws'], message: 'Capabilities never know the transport: the registry is their only door.' },
];
const sdkOnlyInGemini = {
  group: ['@google/genai'],
  message: "The Gemini SDK's types stay inside electron/main/gemini/: use the gateway's own types (gateway-types.ts).",
};

const noElectron = {
  name: 'electron',
  message: 'Only the platform adapters, the IPC transport, the app entry and the preload may import electron.',
};
const noRawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Raw IPC lives only in electron/main/ipc/electron-transport.ts and the preload: use the registry / window.api.',
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-restricted-imports': ['error', { paths: [noElectron] }],
    },
  },
  {
    files: ['electron/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{ts,mjs,js}', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['electron/main/**/*.ts'],
    ignores: [...electronAdapters, 'electron/main/gemini/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: [...capabilityLayers, sdkOnlyInGemini] }] },
  },
  {
    files: ['electron/main/gemini/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns: capabilityLayers }] },
  },
  {
    files: electronAdapters,
    ignores: rawIpcAllowed,
    rules: { 'no-restricted-imports': ['error', { paths: [noRawIpc] }] },
  },
  {
    files: rawIpcAllowed,
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...nodeBuiltins.map((name) => ({ name, message: 'shared/ is runtime-neutral: no Node.' }))],
          patterns: [
            { group: ['react', 'react-dom', 'better-sqlite3', 'keytar', '@google/genai'], message: 'shared/ is runtime-neutral.' },
            { group: ['**/electron/*', '**/renderer/*', '**/test/*'], message: 'shared/ imports nothing of a runtime: main, preload and renderer import it.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'process', 'Buffer', 'require', '__dirname'].map((name) => ({
          name,
          message: 'shared/ is runtime-neutral: no DOM or Node globals.',
        })),
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...nodeBuiltins.map((name) => ({ name, message: 'The renderer is sandboxed: no Node.' }))],
          patterns: [
            { group: ['**/electron/*'], message: 'The renderer reaches main only through window.api (shared/ipc), never its code.' },
            sdkOnlyInGemini,
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'require', message: 'The renderer is sandboxed.' }],
    },
  },
);
