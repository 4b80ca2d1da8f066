import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * The browser suite drives Debian's Chromium against the real, built shop (API + web app) on a
 * fresh SQLite database with the demo data, started by e2e/serve.mjs.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A story on a 2-core machine shared by two browsers and the shop: the same stories have taken from 12 to 42 s
  // from one run to another. Speed is the bench's to show, not a story's timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/products?limit=1`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT), NODE_ENV: 'development', DEMO_ACCOUNTS: '1' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
