import { expect, hashPath, openAs, test } from './fixtures';

test.describe('route guard', () => {
  test('an anonymous visitor of a page is sent to /login', async ({ page }) => {
    await page.goto('/#/orders/deposit');
    await expect(page.getByTestId('login-page')).toBeVisible();
    expect(hashPath(page)).toBe('/login');
    await page.goto('/#/');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a signed-in user opening /login lands on the home route', async ({ page, env }) => {
    await openAs(page, env.shared, '/login');
    await expect(page.getByTestId('home')).toBeVisible();
    expect(hashPath(page)).toBe('/home');
  });

  test('/ opens the first menu page and unknown paths go to /', async ({ page, env }) => {
    await openAs(page, env.shared, '/');
    await expect(page).toHaveURL(/#\/home$/);
    await page.goto('/#/no/such/page');
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });

  test('the admin may open token detail (flag 215)', async ({ page, env }) => {
    await openAs(page, env.shared, '/token/token-detail');
    // Without ?id= there is no token to show; the page says so instead of the 404 page.
    await expect(page.getByTestId('token-detail-missing')).toContainText('Token not found');
    await expect(page.getByTestId('breadcrumb')).toContainText('Token');
  });
});
