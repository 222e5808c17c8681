import path from 'node:path';
import { ARTIFACTS, expect, openAs, settle, test } from './fixtures';

// The identity screens on a phone: nothing wider than the window (tables scroll inside themselves).

test.use({ viewport: { width: 390, height: 844 } });

const pageOverflow = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('login, register and forgot password fit a 390 px screen', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('tab-register').click();
  await expect(page.getByTestId('register-email')).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'register-390.png'), fullPage: true });
  await page.getByTestId('tab-login').click();
  await page.getByTestId('forgot-password').click();
  await expect(page.getByTestId('forgot-email')).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});

const SCREENS = [
  '/personal',
  '/account/ip-list',
  '/account/account-list',
  '/account/role-list',
  '/logs/login',
  '/logs/operation',
  '/token/list',
  '/token/wallet-address',
  '/token/set',
  '/orders/deposit',
  '/transactions/transaction-list',
  '/system/callback',
];
for (const screen of SCREENS) {
  test(`${screen} fits a 390 px screen`, async ({ page, env }) => {
    await openAs(page, env.shared, screen);
    await expect(page.locator('.ant-table').first()).toBeVisible();
    await settle(page);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    if (screen === '/logs/login') await page.screenshot({ path: path.join(ARTIFACTS, 'login-logs-390.png'), fullPage: true });
    if (screen === '/orders/deposit') await page.screenshot({ path: path.join(ARTIFACTS, 'deposits-390.png'), fullPage: true });
    if (screen === '/token/set') await page.screenshot({ path: path.join(ARTIFACTS, 'token-set-390.png'), fullPage: true });
  });
}
