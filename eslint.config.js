import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { folderImportsRule } from './scripts/architecture/folder-imports-rule.mjs';

/**
 * Boundary rules (docs/architecture.md): each file knows its runtime. `electron` belongs to the few adapters that
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

/**
 * Which folders each folder of electron/main may import, lowest layer first: a folder names only folders listed
 * above it, so the folders point one way (test/architecture/folder-graph.test.ts holds both to it). A root file
 * (core.ts, index.ts, capability.ts) is its own entry. docs/architecture.md says what each folder owns.
 */
const MAIN_BASE = ['log/', 'timers/', 'texts/', 'files/', 'prompt/'];
const MAIN_FOLDERS = {
  // The foundation: knows nothing of what the app does.
  'log/': [],
  'timers/': [],
  'texts/': [],
  'files/': [],
  'prompt/': [],
  'rate-limit/': [],
  'startup/': ['log/', 'timers/'],
  'ipc/': ['log/'],
  'store/': ['log/'],
  'capability.ts': ['ipc/'],
  'gemini/': ['log/', 'timers/'],
  // Services the capabilities share.
  'speech/': [...MAIN_BASE, 'gemini/'],
  'knowledge/': [...MAIN_BASE, 'gemini/'],
  'mail/': [...MAIN_BASE],
  'app/': [...MAIN_BASE, 'ipc/', 'capability.ts'],
  'settings/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'gemini/'],
  'secrets/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'gemini/', 'settings/'],
  'auth/': [...MAIN_BASE, 'ipc/', 'capability.ts'],
  'policy/': [...MAIN_BASE, 'capability.ts'],
  'crash-reports/': [...MAIN_BASE, 'capability.ts'],
  'zoho/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'mail/', 'app/', 'settings/', 'secrets/'],
  // The capabilities: none imports another; what one must know of another comes as an app event or a port.
  'oracle/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'gemini/', 'knowledge/', 'settings/'],
  'digest/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'gemini/', 'mail/', 'settings/', 'auth/', 'zoho/'],
  'secretary/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'gemini/', 'mail/', 'settings/', 'zoho/'],
  'assistant/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'gemini/', 'knowledge/', 'mail/', 'settings/', 'zoho/'],
  'voice/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'speech/', 'settings/'],
  'translate/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'rate-limit/', 'gemini/', 'speech/', 'settings/'],
  'meetings/': [...MAIN_BASE, 'capability.ts', 'rate-limit/', 'gemini/', 'knowledge/', 'mail/', 'settings/'],
  'desktop/': [...MAIN_BASE, 'ipc/', 'capability.ts', 'mail/', 'settings/', 'auth/'],
  'diagnostics/': [...MAIN_BASE, 'capability.ts', 'gemini/', 'startup/'],
  'profile/': [...MAIN_BASE, 'capability.ts', 'settings/', 'secrets/'],
  // The composition root builds every capability; the Electron adapters implement their ports; index.ts wires both.
  'core.ts': [
    ...MAIN_BASE, 'rate-limit/', 'ipc/', 'store/', 'capability.ts', 'gemini/', 'speech/', 'knowledge/', 'mail/', 'app/',
    'settings/', 'secrets/', 'auth/', 'policy/', 'zoho/', 'oracle/', 'digest/', 'secretary/', 'assistant/', 'voice/', 'translate/', 'meetings/',
    'desktop/', 'diagnostics/', 'profile/', 'crash-reports/', 'startup/',
  ],
  'platform/': [...MAIN_BASE, 'ipc/', 'store/', 'app/', 'auth/', 'oracle/', 'desktop/'],
  'index.ts': [
    ...MAIN_BASE, 'ipc/', 'store/', 'gemini/', 'app/', 'secrets/', 'policy/', 'assistant/', 'translate/', 'desktop/', 'profile/', 'core.ts',
    'platform/', 'startup/',
  ],
};

/**
 * The same for renderer/src. The panes sit side by side and never import one another: what two panes share lives
 * below both (chat/, ui/, audio/), and only the shell's pane list and the providers compose them.
 */
const RENDERER_BASE = ['api.ts', 'navigation/', 'settings-provider.tsx', 'i18n/', 'ui/', 'auth/', 'audio/'];
const RENDERER_FOLDERS = {
  'styles/': [],
  'indicator/': [],
  'api.ts': [],
  'navigation/': [],
  'settings-provider.tsx': ['api.ts'],
  'i18n/': ['api.ts'],
  'ui/': ['api.ts', 'i18n/'],
  'auth/': ['api.ts', 'navigation/', 'i18n/', 'ui/'],
  // Sound has no UI of its own; it hears of sign-out only to stop speaking.
  'audio/': ['api.ts', 'auth/'],
  'first-run/': ['api.ts', 'navigation/', 'i18n/', 'ui/', 'auth/'],
  'chat/': [...RENDERER_BASE],
  // The panes.
  'assistant/': [...RENDERER_BASE, 'chat/'],
  'oracle/': [...RENDERER_BASE, 'chat/'],
  'secretary/': [...RENDERER_BASE, 'chat/'],
  'translate/': [...RENDERER_BASE],
  'voice/': [...RENDERER_BASE, 'chat/'],
  // The team profile's preview and drop, which Settings and the shell (its sign-in gate too) open.
  'team/': [...RENDERER_BASE],
  'settings/': [...RENDERER_BASE, 'first-run/', 'team/'],
  // What composes them: the providers every window has, the main window's frame, the quick-ask window, the entries.
  'conversation-providers.tsx': [...RENDERER_BASE, 'chat/', 'oracle/', 'secretary/'],
  'app-providers.tsx': ['settings-provider.tsx', 'translate/', 'voice/', 'team/', 'conversation-providers.tsx'],
  'shell/': [...RENDERER_BASE, 'first-run/', 'chat/', 'assistant/', 'oracle/', 'secretary/', 'translate/', 'voice/', 'team/', 'settings/'],
  'quick-ask/': [...RENDERER_BASE, 'styles/', 'chat/', 'oracle/', 'secretary/', 'conversation-providers.tsx'],
  'app.tsx': ['app-providers.tsx', 'shell/'],
  'main.tsx': ['styles/', 'i18n/', 'app.tsx'],
};

/** The allow-lists by area: the lint applies them, `npm run deps:check` and the architecture test read them. */
export const FOLDER_RULES = { 'electron/main': MAIN_FOLDERS, 'renderer/src': RENDERER_FOLDERS };

/** Tests may import what they test from anywhere: the allow-lists hold the product's files. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'renderer/src/testing/**', 'renderer/src/test-setup.ts'];

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
  ...Object.entries(FOLDER_RULES).map(([area, folders]) => ({
    files: [`${area}/**/*.{ts,tsx}`],
    ignores: TEST_FILES,
    plugins: { architecture: { rules: { 'folder-imports': folderImportsRule } } },
    rules: { 'architecture/folder-imports': ['error', { area, folders }] },
  })),
);
