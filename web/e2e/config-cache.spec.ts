import type { Page } from '@playwright/test';
import { call } from './api';
import { expect, openAs, test } from './fixtures';

/** Counts the console's calls to `path` from now on. */
function countCalls(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** Opens a page of the Token group (or a top-level one) from the sidebar. */
async function openFromMenu(page: Page, menu: string, path: string) {
  if (!(await page.getByTestId(`menu-${menu}`).isVisible())) await page.getByTestId('menu-2').click();
  await page.getByTestId(`menu-${menu}`).click();
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
}

const HOME_CONFIG = '/api/partner/home/config';
const CHECK = '/api/partner/check/cache/update';

test('the home config is kept across pages and fetched again once the server says it changed', async ({ page, env }) => {
  const token = env.owner.sessionCode;
  const before = await call<{ timeZone: number }>(env.baseURL, HOME_CONFIG, {}, token);
  const zone = before.data.timeZone;
  const other = zone === 3 ? 4 : 3;
  const homeConfigs = countCalls(page, HOME_CONFIG);
  const checks = countCalls(page, CHECK);
  try {
    await openAs(page, env.owner, '/home');
    await expect(page.getByTestId('home-timezone')).toHaveText(`Time zone: UTC${zone >= 0 ? '+' : ''}${zone}`);
    await expect.poll(homeConfigs).toBe(1);

    // Pages that read the home config: each only asks whether it changed.
    for (const [menu, path] of [
      ['201', '/token/list'],
      ['202', '/token/wallet-address'],
      ['205', '/token/set'],
      ['1', '/home'],
    ] as const) {
      await openFromMenu(page, menu, path);
    }
    await expect.poll(checks).toBeGreaterThanOrEqual(2); // one per page, or shared while one is running
    expect(homeConfigs()).toBe(1);

    // Changed elsewhere (another session, the API): the next page fetches it and shows it.
    expect((await call(env.baseURL, '/api/partner/timeZone/set', { timeZone: other }, token)).code).toBe(1);
    await openFromMenu(page, '201', '/token/list');
    await expect.poll(homeConfigs).toBe(2);
    await openFromMenu(page, '1', '/home');
    await expect(page.getByTestId('home-timezone')).toHaveText(`Time zone: UTC+${other}`);
    expect(homeConfigs()).toBe(2);
  } finally {
    await call(env.baseURL, '/api/partner/timeZone/set', { timeZone: zone }, token);
  }
});
