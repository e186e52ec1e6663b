/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Node 25+ has a global localStorage of its own (experimental Web Storage), which shadows
 * jsdom's and is undefined without --localstorage-file; the web tests want jsdom's. The one
 * place a Node version's flags are set: Node 20 does not know this flag, 22 and later do.
 */
const jsdomNodeFlags = ['--no-experimental-webstorage'].filter((flag) => process.allowedNodeEnvironmentFlags.has(flag));

export default defineConfig({
  // The router plugin must run before the React plugin.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), precompress()],
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
        codeSplitting: {
          groups: [
            {
              name: 'startup',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|i18next-http-backend|i18next-browser-languagedetector|react-i18next|zustand|ky|use-sync-external-store)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
  test: {
    globals: true,
    css: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
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
          // The behavioural API suite runs here on PostgreSQL, and again on the mocks below.
          include: ['server/**/*.test.ts', 'api-tests/**/*.test.ts'],
          globalSetup: ['./server/test/global-setup.ts'],
          provide: { apiTarget: 'server' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
