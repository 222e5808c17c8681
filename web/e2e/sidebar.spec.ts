import type { Page } from '@playwright/test';
import { expect, openAs, test } from './fixtures';

/** Goes to a page the way a typed URL or a link does: the hash changes, the app stays. */
const goTo = (page: Page, path: string) => page.evaluate((hash) => (window.location.hash = hash), `#${path}`);

// In the sidebar itself: a collapsed sidebar's hover popups stay in the page, hidden, after it expands.
const selected = (page: Page, menu: string) => page.getByTestId('sidebar').locator('.ant-menu-item-selected').getByTestId(`menu-${menu}`);

test.describe('sidebar', () => {
  test('the current page’s group opens when the page is reached by URL or by tab', async ({ page, env }) => {
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('menu-302')).toBeHidden();

    // By URL: Orders opens and Withdraw is the selected entry.
    await goTo(page, '/orders/withdraw');
    await expect(selected(page, '302')).toBeVisible();
    await goTo(page, '/logs/login');
    await expect(selected(page, '901')).toBeVisible();
    await expect(page.getByTestId('menu-302')).toBeHidden(); // Orders closed with Logs opening

    // Going back by tab opens Orders again.
    await page.getByTestId('tab-/orders/withdraw').click();
    await expect(selected(page, '302')).toBeVisible();
    await expect(page.getByTestId('menu-901')).toBeHidden(); // Logs, the previous page's group, closed

    // A page without its own entry (token detail) opens the group its path lies in.
    await expect(page.getByTestId('menu-201')).toBeHidden();
    await goTo(page, '/token/token-detail');
    await expect(page.getByTestId('menu-201')).toBeVisible();
  });

  test('opening a page by URL at 1200 px, then expanding the sidebar, shows its group open', async ({ page, env }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
    await goTo(page, '/transactions/deposit-list');
    await expect(page).toHaveURL(/#\/transactions\/deposit-list$/);
    await page.getByTestId('collapse-toggle').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-collapsed', 'false');
    await expect(selected(page, '401')).toBeVisible();
  });

  test('only one group is open: opening one closes the others, reaching a page opens its own', async ({ page, env }) => {
    await openAs(page, env.shared, '/orders/deposit');
    await expect(selected(page, '301')).toBeVisible();
    const openGroups = page.getByTestId('sidebar').locator('.ant-menu-submenu-open');
    await expect(openGroups).toHaveCount(1);

    // Opening Logs closes Orders, as Ant Design Pro's accordion does.
    await page.getByTestId('menu-9').click();
    await expect(page.getByTestId('menu-901')).toBeVisible();
    await expect(page.getByTestId('menu-302')).toBeHidden();
    await expect(openGroups).toHaveCount(1);

    // Opening Transactions closes Logs; choosing one of its pages keeps it the only open group.
    await page.getByTestId('menu-4').click();
    await expect(page.getByTestId('menu-901')).toBeHidden();
    await page.getByTestId('menu-401').click();
    await expect(selected(page, '401')).toBeVisible();
    await expect(openGroups).toHaveCount(1);

    // Reaching a page of another group (by tab) opens that group and closes Transactions.
    await page.getByTestId('tab-/orders/deposit').click();
    await expect(selected(page, '301')).toBeVisible();
    await expect(page.getByTestId('menu-401')).toBeHidden();
    await expect(openGroups).toHaveCount(1);
  });
});
