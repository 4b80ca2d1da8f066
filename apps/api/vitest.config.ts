import { defineProject } from 'vitest/config';

// The API suite; the root config runs it once per database (TEST_DIALECT=sqlite|postgres).
export default defineProject({
  test: {
    name: 'api',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
  resolve: { conditions: ['source'] },
  // Tests run in Vite's SSR environment, which reads its own conditions: without this, @coffee/contract
  // resolves to its unbuilt dist/ instead of src/.
  ssr: { resolve: { conditions: ['source'] } },
});
