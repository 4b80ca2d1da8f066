import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every workspace. The API suite runs once on SQLite and, when TEST_DATABASE_URL
 * is set, once more on PostgreSQL: same tests, same code path, two databases.
 */
const apiOn = (dialect: 'sqlite' | 'postgres') => ({
  extends: './apps/api/vitest.config.ts',
  test: { name: `api-${dialect}`, env: { TEST_DIALECT: dialect } },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'], environment: 'node' },
        resolve: { conditions: ['source'] },
      },
      apiOn('sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiOn('postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
