import { defineConfig } from '@playwright/test';

// End-to-end tests against the real `coffer` binary (see e2e/global-setup.ts), driven through
// the Debian chromium of the machine: Playwright's own browser download is never used.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1, // 2-core machine, one server, sessions per test user
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    // The demo merchant's day is UTC+8; a browser at UTC-10 has another date for 18 hours of
    // every day, so a test that takes "today" from the browser fails at once, not only at night.
    timezoneId: 'Pacific/Honolulu',
    // The console honours the system's reduced-motion setting (no zooming dialogs): a click during
    // an opening animation can miss its button, and a test waiting out animations waits for nothing.
    // layout.spec.ts checks both settings.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
