import { call } from './api';
import { answerConfirm, expect, hashPath, openAs, signInAs, test, toastText } from './fixtures';
import { USERS } from './users';

test.describe('session', () => {
  test('logout asks first: cancel keeps you in, sure signs out on the server', async ({ page, env }) => {
    const session = await signInAs(env, USERS.logout);
    await openAs(page, session, '/home');
    await expect(page.getByTestId('home')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    const confirm = page.locator('.ant-modal-confirm');
    await answerConfirm(page, 'Cancel');
    // Gone from the DOM, not just hidden: a closing dialog's Sure button must not be clicked below.
    await expect(confirm).toHaveCount(0);
    expect(hashPath(page)).toBe('/home');
    await expect(page.getByTestId('sidebar')).toBeVisible();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await answerConfirm(page, 'Sure');
    await expect(page.getByTestId('login-page')).toBeVisible();
    expect(hashPath(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('coffer.token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('coffer.session'))).toBeNull();

    const after = await call(env.baseURL, '/api/partner/user/info', {}, session.sessionCode);
    expect(after.code).toBe(10506);
    await page.goto('/#/home');
    await expect(page).toHaveURL(/#\/login$/);
  });

  test('a session ended elsewhere sends the user to /login with the expiry notice', async ({ page, env }) => {
    const session = await signInAs(env, USERS.expiry);
    await openAs(page, session, '/token/trade');
    await expect(page.getByTestId('trade-pairs')).toBeVisible();
    // The screen's own calls must be answered first: one answered after the logout below would
    // sign out before the Home click, and the click would wait for a sidebar that is gone.
    await page.waitForLoadState('networkidle');

    const ended = await call(env.baseURL, '/api/partner/logout', {}, session.sessionCode);
    expect(ended.code).toBe(1);

    await page.getByTestId('menu-1').click(); // Home loads its configuration: the server says 10506
    await expect(page.getByTestId('login-page')).toBeVisible();
    // The warning says what happened (spec section 8), not the server's 'Please sign in'.
    await expect(toastText(page)).toHaveText('Login authorization expired');
    await expect(page.getByTestId('expired-notice')).toHaveText('Login authorization expired');
    expect(hashPath(page)).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('coffer.token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('coffer.lang'))).toBe('en');
  });

  test('the expiry warning is in the console language', async ({ page, env }) => {
    for (const [lang, text] of [
      ['zh-CN', '登录授权已过期'],
      ['zh-HK', '登入授權已過期'],
    ] as const) {
      await openAs(page, { ...env.shared, sessionCode: 'not-a-real-token' }, '/orders/deposit', lang);
      await expect(toastText(page)).toHaveText(text);
      await expect(page.getByTestId('expired-notice')).toBeVisible();
    }
  });

  test('start-up with a dead token signs out at once', async ({ page, env }) => {
    await openAs(page, { ...env.shared, sessionCode: 'not-a-real-token' }, '/orders/deposit');
    await expect(page.getByTestId('expired-notice')).toBeVisible();
    expect(hashPath(page)).toBe('/login');
  });
});
