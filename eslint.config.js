import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (STYLE.md): contract ← lib/stores/components ← features ← routes ← app.
 * mocks and fixtures import the contract only; features never import each other; e2e
 * imports nothing of the app. Each block forbids what its layer may not reach.
 */
const outward = {
  app: { group: ['@/app', '@/app/*', '@/main'], message: 'Only the app entry may import the app layer.' },
  domain: { group: ['@domain', '@domain/*', '**/domain', '**/domain/*'], message: 'This layer may not import the rules of domain/.' },
  routes: { group: ['@/routes/*', '@/routeTree.gen'], message: 'Routes are wired by the router, not imported.' },
  features: { group: ['@/features/*'], message: 'Features never import each other; compose them in routes.' },
  mocks: { group: ['@mocks/*', '**/mocks/*'], message: 'Only tests and the mock-mode entry use the mocks.' },
  fixtures: { group: ['@fixtures', '**/fixtures', '**/fixtures/*'], message: 'Fixture data is for mocks, seeds and tests.' },
  src: { group: ['@/*', '**/src/*'], message: 'This layer may not import the SPA.' },
  server: { group: ['**/server/*', '@server/*'], message: 'Only the server and its tests import the server.' },
  e2e: { group: ['**/e2e/*'], message: 'The browser suite is black-box; nothing imports it.' },
  apiTests: { group: ['**/api-tests/*'], message: 'The API suite is black-box; nothing imports it.' },
  domainOutside: {
    group: [
      'node:*',
      'fs',
      'path',
      'crypto',
      'pg',
      'drizzle-orm',
      'drizzle-orm/*',
      'fastify',
      'msw',
      'msw/*',
      'react',
      'ky',
      '@fixtures',
      '@mocks/*',
      '@/*',
    ],
    message: 'domain/ is pure rules over contract/: no I/O, no framework, nothing but contract/.',
  },
  parent: { group: ['../*'], message: 'Leave the feature through an alias (@/lib, @/components, @contract).' },
};
const restrict = (files, ...rules) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: rules.map((r) => outward[r]) }] },
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-mock',
      'dist-server',
      'node_modules',
      'public/mockServiceWorker.js',
      'src/routeTree.gen.ts',
      'server/openapi/client/schema.gen.ts',
      'playwright-report',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  restrict(['contract/**'], 'src', 'mocks', 'fixtures', 'server', 'e2e', 'apiTests', 'domain'),
  restrict(['domain/**'], 'src', 'mocks', 'fixtures', 'server', 'e2e', 'apiTests', 'domainOutside'),
  restrict(['fixtures/**'], 'src', 'mocks', 'server', 'e2e', 'apiTests'),
  restrict(['mocks/**'], 'src', 'server', 'e2e', 'apiTests'),
  restrict(['server/**'], 'src', 'mocks', 'e2e', 'apiTests'),
  restrict(['scripts/**'], 'src', 'mocks', 'e2e', 'apiTests'),
  restrict(['src/lib/**', 'src/stores/**', 'src/components/**'], 'app', 'routes', 'features', 'mocks', 'fixtures', 'server'),
  restrict(['src/features/**'], 'app', 'routes', 'features', 'mocks', 'fixtures', 'server', 'parent'),
  restrict(['src/routes/**'], 'app', 'mocks', 'fixtures', 'server'),
  restrict(['src/app/**', 'src/main.tsx'], 'server'),
  restrict(['e2e/**'], 'src', 'mocks', 'server', 'domain', 'apiTests'),
  // Tests may reach the mock API and the fixture set; the layering above still holds.
  restrict(['src/lib/**/*.test.*', 'src/stores/**/*.test.*', 'src/components/**/*.test.*'], 'app', 'routes', 'features', 'server'),
  restrict(['src/features/**/*.test.*'], 'app', 'routes', 'features', 'server', 'parent'),
  restrict(['src/test/**', 'src/app/**/*.test.*'], 'server'),
  // The back ends word no refusal of their own: what a problem says comes from the catalogue
  // (domain/problems.ts) or a rule of domain/, never a sentence typed in a handler (STYLE.md).
  {
    files: ['mocks/**', 'server/**'],
    ignores: ['**/*.test.*', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/[.!?]$/]', 'TemplateLiteral'].map((argument) => ({
          selector: `CallExpression[callee.object.name='problems'] > ${argument}`,
          message: 'Word the refusal once, in domain/ (the problem catalogue or the rule that refuses), and call that.',
        })),
      ],
    },
  },
  // The SPA takes values from contract/ and domain/ by module: their indexes bring zod and the
  // problem catalogue to every screen (README, bundle size). Types may come from anywhere.
  {
    files: ['src/**'],
    ignores: ['src/**/*.test.*', 'src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@contract', '@domain'].map((name) => ({
            name,
            allowTypeImports: true,
            message: `Import values from one module (e.g. ${name}/menu-items), not the index.`,
          })),
        },
      ],
    },
  },
);
