import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
  },
  resolve: { conditions: ['source'] },
  // entry-server.test.tsx runs in Node (the API's page rendering), where Vite resolves by the SSR conditions: the
  // contract from its sources there too, since a fresh clone has no built dist/ when the unit tests run.
  ssr: { resolve: { conditions: ['source'] } },
  plugins: [lingui({ macroTransform: true, configPath: `${import.meta.dirname}/lingui.config.ts` }), react()],
});
