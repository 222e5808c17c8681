import path from 'node:path';
import { answerConfirm, ARTIFACTS, expect, settle, hashPath, openAs, sidebarWidth, test } from './fixtures';

test.describe('layout', () => {
  test('wide window: expanded 270 px sidebar with three groups, sub-items and breadcrumb', async ({ page, env }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await sidebarWidth(page)).toBe(270);

    await expect(page.getByTestId('sidebar-group-general')).toHaveText('General configuration');
    await expect(page.getByTestId('sidebar-group-financial')).toHaveText('Financial management');
    await expect(page.getByTestId('sidebar-group-system')).toHaveText('System management');
    // Each group holds the top-level entries of the spec, in catalogue order.
    const groupItems = async (key: string) =>
      page
        .locator('.ant-menu-item-group')
        .filter({ has: page.getByTestId(`sidebar-group-${key}`) })
        .locator(':scope > ul > li [data-testid^="menu-"]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(await groupItems('general')).toEqual(['menu-1', 'menu-2', 'menu-10', 'menu-11']);
    expect(await groupItems('financial')).toEqual(['menu-3', 'menu-4', 'menu-5', 'menu-6']);
    expect(await groupItems('system')).toEqual(['menu-7', 'menu-8', 'menu-9']);
    await expect(page.getByTestId('breadcrumb')).toHaveCount(0); // /home is one level deep

    // Sub-items show when the parent is expanded.
    await expect(page.getByTestId('menu-301')).toBeHidden();
    await page.getByTestId('menu-3').click();
    await expect(page.getByTestId('menu-301')).toBeVisible();
    await page.getByTestId('menu-301').click();
    expect(hashPath(page)).toBe('/orders/deposit');
    await expect(page.getByTestId('deposits-301')).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toHaveText(/Orders\s*\/\s*Deposit/);
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'layout-1440.png') });
  });

  test('1200 px and less: collapsed to 98 px, toggle expands', async ({ page, env }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await sidebarWidth(page)).toBe(98);
    expect(await page.evaluate(() => localStorage.getItem('isMobile'))).toBeNull();
    await page.getByTestId('collapse-toggle').click();
    expect(await sidebarWidth(page)).toBe(270);
    await page.getByTestId('collapse-toggle').click();
    expect(await sidebarWidth(page)).toBe(98);
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'layout-1200.png') });
  });

  test('resizing across 1200 px collapses and re-expands', async ({ page, env }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openAs(page, env.shared, '/home');
    expect(await sidebarWidth(page)).toBe(270);
    await page.setViewportSize({ width: 1200, height: 900 });
    expect(await sidebarWidth(page)).toBe(98);
    await page.setViewportSize({ width: 1201, height: 900 });
    expect(await sidebarWidth(page)).toBe(270);
  });

  test('992 px: mobile flag stored, sidebar width 0, toggle opens it over the page', async ({ page, env }) => {
    await page.setViewportSize({ width: 992, height: 800 });
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(await sidebarWidth(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('isMobile'))).toBe('true');
    await page.getByTestId('collapse-toggle').click();
    expect(await sidebarWidth(page)).toBe(270);
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'layout-992-open.png') });
    await page.getByTestId('menu-10').click(); // navigating closes the overlay
    expect(hashPath(page)).toBe('/service');
    expect(await sidebarWidth(page)).toBe(0);

    await page.setViewportSize({ width: 993, height: 800 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isMobile'))).toBeNull();
    expect(await sidebarWidth(page)).toBe(98);
  });

  test('header: language switcher, promo video link, personal centre', async ({ page, env }) => {
    await openAs(page, env.shared, '/home');
    // No video configured: the link is the getting-started page the binary serves.
    await expect(page.getByTestId('promo-video')).toHaveAttribute('href', '/getting-started');
    const intro = await page.request.get('/getting-started');
    expect(intro.status()).toBe(200);
    expect(await intro.text()).toContain('Getting started with Coffer');
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-option-zh-HK').click();
    await expect(page.getByTestId('sidebar-group-general')).toHaveText('通用配置');
    await expect(page.getByTestId('menu-1')).toHaveText('首頁');
    await page.getByTestId('lang-switcher').click();
    await page.getByTestId('lang-option-en').click();
    await expect(page.getByTestId('menu-1')).toHaveText('Home');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-personal').click();
    expect(hashPath(page)).toBe('/personal');
    await expect(page.getByTestId('personal-email')).toHaveText(env.shared.useremail);
    await expect(page.getByTestId('personal-google')).toHaveText('Not bound');
  });

  test('home shows the chains the server scans and the merchant time zone', async ({ page, env }) => {
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('home-chains')).toContainText('Devchain');
    await expect(page.getByTestId('home-timezone')).toContainText('UTC+8');
  });

  test('settings drawer toggles logo, fixed header and tags view, and remembers them', async ({ page, env }) => {
    await openAs(page, env.shared, '/home');
    await expect(page.getByTestId('sidebar-logo')).toBeVisible();
    await expect(page.getByTestId('tabs')).toBeVisible();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('setting-sidebarLogo').click();
    await page.getByTestId('setting-tagsView').click();
    await page.getByTestId('setting-fixedHeader').click();
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    await expect(page.getByTestId('tabs')).toHaveCount(0);
    await expect(page.locator('.coffer-top.fixed')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    await expect(page.getByTestId('sidebar-logo')).toHaveCount(0);
    await expect(page.getByTestId('tabs')).toHaveCount(0);
    await page.evaluate(() => localStorage.removeItem('coffer.settings'));
  });

  test('dialogs zoom in unless the system asks for reduced motion', async ({ page, env }) => {
    /** Every class a confirmation dialog had from the moment it was added until it is answered. */
    const classesOfNextDialog = async () => {
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { dialogClasses: string[] }).dialogClasses = seen;
        new MutationObserver((changes) => {
          for (const change of changes) {
            const targets = change.type === 'attributes' ? [change.target] : [...change.addedNodes];
            for (const node of targets) {
              if (!(node instanceof HTMLElement)) continue;
              for (const dialog of [node, ...node.querySelectorAll('.ant-modal')]) if (dialog.classList.contains('ant-modal')) seen.push(dialog.className);
            }
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.getByTestId('user-menu').click();
      await page.getByTestId('user-menu-logout').click();
      await answerConfirm(page, 'Cancel');
      await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
      return page.evaluate(() => (window as unknown as { dialogClasses: string[] }).dialogClasses.join(' '));
    };

    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openAs(page, env.shared, '/home');
    const zoomed = await classesOfNextDialog();
    expect(zoomed).toMatch(/ant-zoom-appear-active/);
    expect(zoomed).toMatch(/ant-zoom-leave-active/);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(page.getByTestId('home')).toBeVisible();
    const still = await classesOfNextDialog();
    expect(still).toContain('ant-modal');
    // antd marks the dialog for a moment while it prepares, but never runs the zoom in or out.
    expect(still).not.toMatch(/ant-zoom-(appear|leave)-(start|active)|ant-zoom-leave/);
  });
});
