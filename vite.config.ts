/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { mantineStylesPerComponent } from './scripts/mantine-styles.ts';
import { precompress } from './scripts/precompress.ts';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Node 25+ has a global localStorage of its own (experimental Web Storage), which shadows
 * jsdom's and is undefined without --localstorage-file; the web tests want jsdom's. The one
 * place a Node version's flags are set: Node 20 does not know this flag, 22 and later do.
 */
const jsdomNodeFlags = ['--no-experimental-webstorage'].filter((flag) => process.allowedNodeEnvironmentFlags.has(flag));

/** The sign-in page's own route modules (its layout, and its component split off by the router plugin). */
const SIGN_IN_ROUTE = /[\\/]src[\\/]routes[\\/]_public(\.tsx|[\\/]index\.tsx)(\?|$)/;

/**
 * index.html for a slow network (issue 31, Fast 3G), once the bundle is known:
 *
 * - the app's stylesheets go to the end of the body, after the first sign-in form: that form,
 *   styled inline, is drawn without waiting for them (main.tsx waits for them before the app draws);
 * - the inline script that draws the form is told the sign-in page's own chunks, and preloads
 *   them when it draws the form (a signed-out visit): they come with the start-up chunk instead
 *   of a round trip after it, and a signed-in visit never fetches them.
 */
function firstSignInForSlowNetworks(): Plugin {
  return {
    name: 'complaint-desk:first-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        // What index.html already loads: the entry and what it imports.
        const loaded = new Set<string>();
        const walk = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return;
          into.add(fileName);
          for (const imported of byName.get(fileName)?.imports ?? []) walk(imported, into);
        };
        if (entry) walk(entry.fileName, loaded);
        const signIn = new Set<string>();
        for (const chunk of chunks) if (chunk.moduleIds.some((id) => SIGN_IN_ROUTE.test(id))) walk(chunk.fileName, signIn);
        const preload = [...signIn].filter((fileName) => !loaded.has(fileName)).map((fileName) => `/${fileName}`);
        const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const without = links.reduce((page, link) => page.replace(link, ''), html);
        return without
          .replace('var signInChunks = [];', `var signInChunks = ${JSON.stringify(preload)};`)
          .replace('</body>', `${links.map((link) => `  ${link.trim()}\n`).join('')}  </body>`);
      },
    },
  };
}

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
/** The sign-in page's own pieces (and the other public pages'): one file after the start-up chunk, not one request each. */
const PUBLIC = [
  /[\\/]src[\\/](components[\\/](form-alert|public-page|router-links)\.tsx|lib[\\/]email\.ts|features[\\/]auth[\\/]api\.ts)$/,
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(AlertCircle|CircleCheck)\.mjs$/,
];
/** The signed-in frame's components, and the menus, popovers and tooltips of nearly every screen (dialogs come when first opened: components/modal.tsx). */
const SIGNED_IN = [
  /[\\/]node_modules[\\/]@floating-ui[\\/]/,
  // The app's own pieces of every signed-in screen (none of them a public page's): one file, not
  // a small chunk each.
  /[\\/]src[\\/](lib[\\/](unsaved|undo-toast)|components[\\/](confirm-modal|guarded-modal))\.tsx?$/,
  // The frame's title, avatar, menu words, saved views, error state, page header and dates:
  // each screen's first load asks for them all, so one file (issue 31: every request is a round trip on a slow network).
  /[\\/]src[\\/](components[\\/](route-title|user-avatar|error-state|page-header)|lib[\\/](use-menu-labels|saved-views-queries|date-format))\.tsx?$/,
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(User|AlertTriangle|Refresh)\.mjs$/,
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
  /[\\/]src[\\/]lib[\\/]use-list-search\.ts$/,
  /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(Eye|Trash)\.mjs$/,
];

/**
 * What the installed app opens with no network (issue 47): the modules of the app shell and of
 * the screens an officer uses in the field. Their chunks, the chunks these import and their
 * styles are precached by the service worker (src/service-worker/sw.ts); the rest of the code is
 * kept as it is first loaded.
 */
const OFFLINE_MODULES = [
  /[\\/]src[\\/]main\.tsx$/,
  /[\\/]src[\\/]routes[\\/](__root|_app|_app[\\/]dashboard|_app[\\/]outbox|_app[\\/]profile|_app[\\/]manage-complaint[\\/](complaint|history-complaint))\.tsx(\?|$)/,
  /[\\/]src[\\/]features[\\/]complaints[\\/](complaint-form|complaint-detail|outbox[^\\/]*|use-outbox-sending|offline-copy-[^\\/]+|device-name|use-my-location)\.tsx?$/,
  // What the field's screens load when first needed: the copies kept for no network, the worker's own page side.
  /[\\/]src[\\/]lib[\\/](offline-copies|copy-ages|background-sync|unsent-work|app-worker|update-ready)\.tsx?$/,
  // Parts the field screens load when first opened: every dialog's frame, the date fields' calendar.
  /[\\/]src[\\/]components[\\/](mantine-modal|calendars|part-load-boundary)\.tsx?$/,
  // The toasts' container, fetched with the first toast ("Saved on this device").
  /[\\/]@mantine[\\/]notifications[\\/]/,
];

/** The precached files, known once the bundle is: filled by `offlineShell()`, read by the service worker's build. */
const offlineFiles = new Set<string>();

/** Finds the chunks (and their styles) that hold OFFLINE_MODULES, with what they import. */
function offlineShell(): Plugin {
  return {
    name: 'complaint-desk:offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      offlineFiles.clear();
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const walk = (fileName: string) => {
        if (offlineFiles.has(fileName)) return;
        const chunk = byName.get(fileName);
        if (!chunk) return;
        offlineFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) offlineFiles.add(css);
        for (const imported of chunk.imports) walk(imported);
      };
      for (const chunk of chunks)
        if (chunk.moduleIds.some((id) => OFFLINE_MODULES.some((pattern) => pattern.test(id)))) walk(chunk.fileName);
    },
  };
}

/** The installable app's service worker, in the real build only: mock mode has MSW's. */
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    // Registered by the app itself once someone is signed in (src/lib/installable-app.ts).
    injectRegister: false,
    // One manifest per language (public/manifest.{en,ms}.webmanifest), swapped with the language.
    manifest: false,
    injectManifest: {
      globPatterns: [
        'index.html',
        'favicon.svg',
        'manifest.*.webmanifest',
        'icons/*.png',
        'locales/*/translation.json',
        'assets/*.{js,css}',
      ],
      // Hashed names need no revision: a file the page already fetched comes from the HTTP cache.
      dontCacheBustURLsMatching: /^assets\//,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || offlineFiles.has(entry.url)),
          warnings: [],
        }),
      ],
    },
  });

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
  { name: 'public', test: matchesAny(PUBLIC), priority: 24 },
  // How a refusal is worded, with the account rules' problem types: signed-in screens and the
  // public forms load them at once, sign-in only once a sign-in fails. One file, not two.
  { name: 'failure-words', test: /[\\/](src[\\/]lib[\\/]api-failure|contract[\\/]account-rules)\.ts$/, priority: 23 },
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

export default defineConfig(({ mode }) => ({
  // The router plugin must run before the React plugin.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    mantineStylesPerComponent(),
    firstSignInForSlowNetworks(),
    ...(mode === 'mock' || mode === 'test' ? [] : [offlineShell(), installableApp()]),
    precompress(),
  ],
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
}));
