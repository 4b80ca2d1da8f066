import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
  },
  resolve: { conditions: ['source'] },
  plugins: [react()],
});
