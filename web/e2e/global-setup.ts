import { rmSync } from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { apiSignIn, registerMerchant } from './api';
import { assertReady, coffer, newDataDir, startServer } from './server';
import { OWNER, USERS } from './users';

/**
 * Creates a fresh database (its folder holds the run's coffer.toml with the EVM and TRON test
 * chains, passed with --config to every command: see ./server.ts), seeds the demo merchant and
 * the test users, starts `coffer serve`,
 * registers and activates a second merchant, and signs in the shared user and that merchant's
 * admin. Workers read the results from environment variables (they are started after this
 * runs). The returned function is Playwright's teardown.
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
  try {
    const shared = await apiSignIn(baseURL, dataDir, USERS.shared.email, USERS.shared.password);
    await registerMerchant(baseURL, dataDir, OWNER.email, OWNER.password);
    coffer(dataDir, ['admin', 'merchant', 'activate', OWNER.email]);
    const owner = await apiSignIn(baseURL, dataDir, OWNER.email, OWNER.password);
    process.env.COFFER_E2E_SHARED_SESSION = JSON.stringify(shared);
    process.env.COFFER_E2E_OWNER_SESSION = JSON.stringify(owner);
  } catch (error) {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  process.env.COFFER_E2E_BASE_URL = baseURL;
  process.env.COFFER_E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
