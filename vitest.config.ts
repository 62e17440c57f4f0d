import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files share their worker's modules (`isolate: false`): the server, its libraries and React are imported once
 * per worker instead of once per file, which halves the unit step. A file must therefore leave nothing behind —
 * fake timers restored, stubbed env unstubbed — and a file that replaces one of the shop's modules with `vi.mock`
 * runs in a fresh module graph of its own: list it here (project `server-mocks`).
 */
const MOCKS_MODULES = ['server/features/dashboard/export-faults.test.ts'];

const server = {
  environment: 'node' as const,
  globalSetup: ['server/test/global-setup.ts'],
  setupFiles: ['server/test/setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...server,
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: MOCKS_MODULES,
          isolate: false,
        },
      },
      { test: { ...server, name: 'server-mocks', include: MOCKS_MODULES } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
    ],
  },
});
