/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineStylesPerComponent } from './scripts/mantine-styles.ts';
import { precompress } from './scripts/precompress.ts';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Node 25+ has a global localStorage of its own (experimental Web Storage), which shadows
 * jsdom's and is undefined without --localstorage-file; the web tests want jsdom's. The one
 * place a Node version's flags are set: Node 20 does not know this flag, 22 and later do.
 */
const jsdomNodeFlags = ['--no-experimental-webstorage'].filter((flag) => process.allowedNodeEnvironmentFlags.has(flag));

/** Modules of these Mantine components (by folder under `@mantine/core/esm/components/`). */
const mantineComponents = (names: string[]) =>
  new RegExp(`[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${names.join('|')})[\\\\/]`);

/** Mantine's core (provider, Box, styles API) and the components of the signed-out forms. */
const MANTINE_BASE = [
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](core|utils[\\/]InlineInput)[\\/]/,
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes)/,
  mantineComponents([
    'ActionIcon',
    'Alert',
    'Anchor',
    'Button',
    'Center',
    'Checkbox',
    'CloseButton',
    'Group',
    'Input',
    'Loader',
    'Paper',
    'PasswordInput',
    'Stack',
    'Text',
    'TextInput',
    'Title',
    'Transition',
    'UnstyledButton',
    'VisuallyHidden',
  ]),
];
/** The signed-in frame's components, and the menus, popovers and tooltips of nearly every screen (dialogs come when first opened: components/modal.tsx). */
const SIGNED_IN = [
  /[\\/]node_modules[\\/]@floating-ui[\\/]/,
  // The app's own pieces of every signed-in screen (none of them a public page's): one file, not
  // a small chunk each.
  /[\\/]src[\\/](lib[\\/](unsaved|undo-toast)|components[\\/](confirm-modal|guarded-modal))\.tsx?$/,
  mantineComponents([
    'Accordion',
    'AppShell',
    'Avatar',
    'Badge',
    'Breadcrumbs',
    'Burger',
    'Collapse',
    'Divider',
    'FocusTrap',
    'Image',
    'Indicator',
    'Menu',
    'NavLink',
    'Overlay',
    'Popover',
    'Portal',
    'ScrollArea',
    'Tooltip',
  ]),
];
/** The lists: mantine-datatable, its table and pagination, the filters' selects. */
const LISTS = [
  /[\\/]node_modules[\\/]mantine-datatable[\\/]/,
  // Not Skeleton: a card's loading rows (the profile's sessions) would fetch every list's code.
  mantineComponents(['Chip', 'Combobox', 'LoadingOverlay', 'Pagination', 'Select', 'Table']),
  // The app's own table, its cards, pager, selection and export: every list screen has them all.
  /[\\/]src[\\/]components[\\/](list-table|list-cards|place-pager|row-selection|export-button)\.tsx$/,
];

const matchesAny = (patterns: RegExp[]) => (id: string) => patterns.some((pattern) => pattern.test(id));

/**
 * A first load in a few files, each compressed whole, instead of dozens of small shared
 * chunks (issue 17's budgets, `npm run bench`). Each group also takes the modules its own
 * modules import, unless a group of higher priority took them first: the app's start-up
 * modules are claimed first so that no group below pulls them out of the entry, and the
 * groups below name node_modules only, as their dependencies are libraries too. What no
 * group names (the screens, and libraries one screen uses) is split as Rolldown sees fit.
 */
const CHUNK_GROUPS = [
  // What every page needs at start-up, in one cached chunk.
  {
    name: 'startup',
    test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|zustand|ky|use-sync-external-store)[\\/]/,
    priority: 50,
  },
  { name: 'index', tags: ['$initial' as const], test: (id: string) => !id.includes('node_modules'), priority: 40 },
  { name: 'mantine', test: matchesAny(MANTINE_BASE), priority: 30 },
  // How a form says it holds unsaved changes: public pages' forms and the signed-in guards both
  // import it, so it is claimed before the signed-in group takes it along with the guards.
  { name: 'unsaved-scope', test: /[\\/]src[\\/]lib[\\/]unsaved-scope\.ts$/, priority: 25 },
  { name: 'signed-in', test: matchesAny(SIGNED_IN), priority: 20 },
  { name: 'lists', test: matchesAny(LISTS), priority: 10 },
];

/** The tests of stored files, run over a folder (server) and over a bucket (server-bucket). */
const FILE_TESTS = [
  'server/routes/files.test.ts',
  'server/routes/file-variants.test.ts',
  'server/routes/uploads.test.ts',
  'server/routes/file-ranges.test.ts',
  'server/services/upload-cleanup.test.ts',
  'api-tests/uploads.test.ts',
];

export default defineConfig({
  // The router plugin must run before the React plugin.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), mantineStylesPerComponent(), precompress()],
  resolve: {
    alias: [
      { find: /^@contract$/, replacement: dir('./contract/index.ts') },
      { find: /^@contract\//, replacement: dir('./contract/') },
      { find: /^@domain$/, replacement: dir('./domain/index.ts') },
      { find: /^@domain\//, replacement: dir('./domain/') },
      { find: /^@fixtures$/, replacement: dir('./fixtures/index.ts') },
      { find: /^@mocks\//, replacement: dir('./mocks/') },
      { find: /^@\//, replacement: dir('./src/') },
    ],
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
  server: { port: 5173 },
  test: {
    globals: true,
    css: false,
    // Vitest's default is one worker fewer than the cores: one on CI's two. The API files mostly
    // wait on PostgreSQL, so the server project runs three at once, first; the rest (jsdom and
    // pure code, which keep a core busy) then run two at once.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          environment: 'jsdom',
          // A component test types and waits for renders: on a busy 2-core machine 5 s is too tight.
          testTimeout: 15_000,
          execArgv: jsdomNodeFlags,
          setupFiles: ['./src/test/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'contract/**/*.test.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          sequence: { groupOrder: 1 },
          // Pure code: the build scripts and domain/'s own units (rules are tested in api-tests/).
          environment: 'node',
          include: ['scripts/**/*.test.ts', 'domain/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-mock',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['api-tests/**/*.test.ts'],
          provide: { apiTarget: 'mock' },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          // The behavioural API suite runs here on PostgreSQL, and again on the mocks below.
          include: ['server/**/*.test.ts', 'api-tests/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          provide: { apiTarget: 'server' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-bucket',
          environment: 'node',
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          // The file tests again, their uploads in a bucket of S3-compatible storage (s3rver,
          // started by the setup) instead of a folder: both adapters pass the same tests (issue 33).
          include: [...FILE_TESTS],
          globalSetup: ['./server/test/global-setup.ts'],
          provide: { apiTarget: 'server', fileStorage: 'bucket' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
