import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', '**/.data/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'adapters/**/*.unit.test.ts',
            'services/**/*.unit.test.ts',
            'shell/**/*.test.ts',
            'mf-*/**/*.test.ts',
            'deploy/**/*.test.ts',
            'docs/**/*.test.ts',
          ],
          exclude,
        },
      },
      {
        test: {
          name: 'components',
          include: ['shell/**/*.test.tsx', 'mf-*/**/*.test.tsx'],
          exclude,
          environment: 'happy-dom',
          setupFiles: ['shell/kit/test/setup.ts'],
          // A form test types key by key through whole screens; on a loaded CI machine that outlasts the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['adapters/**/*.int.test.ts', 'services/**/*.int.test.ts'],
          exclude,
          globalSetup: ['adapters/test/postgresGlobalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['services/e2e/**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['services/e2e/chromiumGlobalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
