import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One Vitest run for every workspace. The API suite runs once on SQLite and, when TEST_DATABASE_URL
 * is set, once more on PostgreSQL: same tests, same code path, two databases. The scale-out test (two server
 * processes on PostgreSQL and Redis) starts its own servers, so it runs once, in a project of its own.
 */
const SCALE_OUT = 'src/**/*.scale-out.test.ts';
const apiOn = (dialect: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: { name: `api-${dialect}`, root: './apps/api', env: { TEST_DIALECT: dialect, NODE_ENV: 'test' }, exclude: [...configDefaults.exclude, SCALE_OUT] },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
        resolve: { conditions: ['source'] },
      },
      // The lint scripts' own tests: each rule shown failing on a violation.
      { test: { name: 'scripts', root: './scripts', include: ['*.test.ts'], environment: 'node' } },
      apiOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiOn('postgres')] : []),
      {
        test: {
          name: 'scale-out',
          root: './apps/api',
          include: [SCALE_OUT],
          environment: 'node',
          // Each server process compiles the API with tsx and migrates a fresh database before it listens.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
        // Like the API suite: the contract from its sources, since a fresh clone has no built dist/ at this point.
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
