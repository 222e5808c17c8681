import path from 'node:path';
import { ARTIFACTS, expect, settle, hashPath, openAs, signInAs, test } from './fixtures';
import { USERS } from './users';

test('a limited role sees only its menus and gets 404 for other screens', async ({ page, env }) => {
  const session = await signInAs(env, USERS.limited);
  await openAs(page, session, '/');
  await expect(page).toHaveURL(/#\/home$/);

  await page.getByTestId('menu-3').click(); // closed sub-menus are not rendered
  await expect(page.getByTestId('menu-301')).toBeVisible();
  const items = await page
    .getByTestId('sidebar')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  expect(items.sort()).toEqual(['menu-1', 'menu-3', 'menu-301'].sort());
  await expect(page.getByTestId('sidebar-group-general')).toBeVisible();
  await expect(page.getByTestId('sidebar-group-financial')).toBeVisible();
  await expect(page.getByTestId('sidebar-group-system')).toHaveCount(0);
  await expect(page.getByTestId('menu-302')).toHaveCount(0);

  for (const screen of ['/orders/withdraw', '/system/api-key', '/token/token-detail']) {
    await page.goto(`/#${screen}`);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(hashPath(page)).toBe(screen);
    await expect(page.getByTestId('sidebar')).toBeVisible(); // inside the layout
  }
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'limited-404.png') });
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/#\/home$/);

  // The one page of the role: the deposits table, without re-push (no 30101).
  await page.goto('/#/orders/deposit');
  await expect(page.getByTestId('deposits-301')).toBeVisible();
  await expect(page.getByTestId('deposit-push')).toHaveCount(0);
});
