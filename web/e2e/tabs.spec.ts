import { expect, hashPath, openAs, test, type E2eEnv } from './fixtures';
import { PATHS } from '../src/router/catalogue';
import type { Page } from '@playwright/test';

const tabPaths = (page: Page) =>
  page.locator('[data-testid^="tab-/"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice(4)));

async function openPages(page: Page, env: E2eEnv) {
  await openAs(page, env.shared, '/home');
  await expect(page.getByTestId('home')).toBeVisible();
  await page.getByTestId('menu-3').click();
  await page.getByTestId('menu-301').click();
  await page.getByTestId('menu-302').click();
  await page.getByTestId('menu-11').click();
  await expect.poll(() => tabPaths(page)).toEqual(['/home', '/orders/deposit', '/orders/withdraw', '/points']);
}

const tabOf = (page: Page, path: string) => page.locator('.ant-tabs-tab').filter({ has: page.getByTestId(`tab-${path}`) });

test.describe('tab strip', () => {
  test('home cannot be closed; closing the current tab goes to the last tab', async ({ page, env }) => {
    await openPages(page, env);
    await expect(tabOf(page, '/home').locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await expect(tabOf(page, '/points').locator('.ant-tabs-tab-remove')).toHaveCount(1);

    // Current page is /points; close /orders/deposit first: we stay where we are.
    await tabOf(page, '/orders/deposit').locator('.ant-tabs-tab-remove').click();
    expect(hashPath(page)).toBe('/points');
    // Go to withdraw and close it while current: the last tab (/points) opens.
    await page.getByTestId('tab-/orders/withdraw').click();
    expect(hashPath(page)).toBe('/orders/withdraw');
    await tabOf(page, '/orders/withdraw').locator('.ant-tabs-tab-remove').click();
    await expect(page).toHaveURL(/#\/points$/);
    await expect.poll(() => tabPaths(page)).toEqual(['/home', '/points']);
  });

  test('right-click: Turn off other, then Close all returns home', async ({ page, env }) => {
    await openPages(page, env);
    await page.getByTestId('tab-/orders/deposit').click({ button: 'right' });
    await page.getByTestId('tab-menu-close-others').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home', '/orders/deposit']);
    expect(hashPath(page)).toBe('/orders/deposit');

    await page.getByTestId('tab-/orders/deposit').click({ button: 'right' });
    await expect(page.getByTestId('tab-menu-close-all')).toBeVisible();
    await expect(page.getByTestId('tab-menu-close-others')).toHaveText('Turn off other');
    await page.getByTestId('tab-menu-close-all').click();
    await expect.poll(() => tabPaths(page)).toEqual(['/home']);
    await expect(page).toHaveURL(/#\/home$/);
  });

  test('at most 20 tabs: opening one more closes the oldest tab besides home', async ({ page, env }) => {
    test.setTimeout(180_000);
    // Every page of the catalogue the shared user may open, in catalogue order, besides home
    // (directories have no page; token detail needs a token).
    const directories = new Set(['/token', '/orders', '/transactions', '/collect', '/report', '/account', '/system', '/logs']);
    const pages = Object.values(PATHS).filter((path) => path !== '/home' && path !== PATHS.tokenDetail && !directories.has(path));
    expect(pages.length).toBeGreaterThanOrEqual(21);
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    const open = async (path: string) => {
      await page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
      await expect(page.getByTestId(`tab-${path}`)).toHaveAttribute('data-active', 'true');
    };
    for (const path of pages.slice(0, 19)) await open(path);
    await expect.poll(() => tabPaths(page)).toEqual(['/home', ...pages.slice(0, 19)]);

    await open(pages[19]);
    await expect.poll(() => tabPaths(page)).toEqual(['/home', ...pages.slice(1, 20)]);
    // Back to a page whose tab is open (the strip scrolls, so by URL): nothing closes.
    await open(pages[5]);
    await expect.poll(() => tabPaths(page)).toEqual(['/home', ...pages.slice(1, 20)]);
    await open(pages[20]);
    await expect.poll(() => tabPaths(page)).toEqual(['/home', ...pages.slice(2, 21)]);
  });

  test('when the tabs overflow the strip, Home stays first, in sight and clickable', async ({ page, env }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    const directories = new Set(['/token', '/orders', '/transactions', '/collect', '/report', '/account', '/system', '/logs']);
    const pages = Object.values(PATHS).filter((path) => path !== '/home' && path !== PATHS.tokenDetail && !directories.has(path));
    for (const path of pages.slice(0, 14)) {
      await page.evaluate((hash) => (window.location.hash = hash), `#${path}`);
      await expect(page.getByTestId(`tab-${path}`).first()).toHaveAttribute('data-active', 'true');
    }
    // The strip overflows: antd folds some tabs into its "more" menu.
    await expect(page.getByTestId('tabs').locator('.ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)')).toBeVisible();
    // The first tab the strip shows is Home, inside the strip's visible area.
    const strip = (await page.getByTestId('tabs').boundingBox())!;
    const home = page.getByTestId('tabs').getByTestId('tab-/home');
    await expect(home).toBeInViewport();
    const box = (await home.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(strip.x);
    expect(box.x + box.width).toBeLessThanOrEqual(strip.x + strip.width);
    await home.click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });
});
