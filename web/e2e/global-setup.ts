import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { apiSignIn } from './api';
import { assertReady, coffer, newDataDir, startServer } from './server';
import { USERS } from './users';

/**
 * Creates a fresh database, seeds the demo merchant and the test users, starts `coffer serve`
 * and signs in the shared user. Workers read the results from environment variables (they are
 * started after this runs). The returned function is Playwright's teardown.
 */
export default async function globalSetup(_config: FullConfig) {
  assertReady();
  const dataDir = newDataDir();
  coffer(dataDir, ['migrate']);
  coffer(dataDir, ['admin', 'demo']);
  for (const user of Object.values(USERS)) {
    coffer(dataDir, ['admin', 'user', 'add', '--email', user.email, '--password', user.password, '--menus', user.menus]);
  }
  const { child, baseURL } = await startServer(dataDir);
  const shared = await apiSignIn(baseURL, dataDir, USERS.shared.email, USERS.shared.password);

  process.env.COFFER_E2E_BASE_URL = baseURL;
  process.env.COFFER_E2E_DATA_DIR = dataDir;
  process.env.COFFER_E2E_SHARED_SESSION = JSON.stringify(shared);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
