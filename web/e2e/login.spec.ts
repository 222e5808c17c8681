import path from 'node:path';
import { ARTIFACTS, expect, settle, hashPath, test, toastText } from './fixtures';
import { latestCode, outbox } from './api';
import { DEMO } from './users';

const LANGS = [
  { code: 'en', title: 'Welcome to Coffer', login: 'Login', register: 'Register', forgot: 'Forgot password?', server: 'en_US' },
  { code: 'zh-CN', title: '欢迎使用 Coffer', login: '登录', register: '注册', forgot: '忘记密码？', server: 'zh_CN' },
  { code: 'zh-HK', title: '歡迎使用 Coffer', login: '登入', register: '註冊', forgot: '忘記密碼？', server: 'zh_HK' },
];

test.describe('login page', () => {
  for (const lang of LANGS) {
    test(`renders in ${lang.code} and sends accept-language ${lang.server}`, async ({ page }) => {
      await page.goto('/#/login');
      await page.getByTestId('login-lang').click();
      await page.getByTestId(`lang-option-${lang.code}`).click();

      await expect(page.getByTestId('welcome-title')).toHaveText(lang.title);
      await expect(page.getByTestId('tab-login')).toHaveText(lang.login);
      await expect(page.getByTestId('tab-register')).toHaveText(lang.register);
      await expect(page.getByTestId('forgot-password')).toHaveText(lang.forgot);
      await settle(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `login-${lang.code}.png`), fullPage: true });

      // The choice persists and is what the server is told.
      await page.reload();
      await expect(page.getByTestId('welcome-title')).toHaveText(lang.title);
      await page.getByTestId('login-email').fill('nobody@coffer.local');
      await page.getByTestId('login-password').fill('Wrong-Pass-1');
      const [request] = await Promise.all([
        page.waitForRequest('**/api/partner/login/verify'),
        page.getByTestId('login-submit').click(),
      ]);
      expect(request.headers()['accept-language']).toBe(lang.server);
      expect(request.headers()['timestamp']).toMatch(/^\d{13}$/);
      expect(request.headers()['sessioncode']).toBeUndefined();
      await expect(toastText(page)).toBeVisible(); // the server's localized 'invalid credentials'
    });
  }

  test('requires account and password', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill('   ');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Please enter your account')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
  });

  test('full sign-in with the e-mail code from the outbox', async ({ page, env }) => {
    await page.goto('/#/login');
    await page.getByTestId('login-email').fill(DEMO.email);
    await page.getByTestId('login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();

    const modal = page.locator('.ant-modal').filter({ hasText: 'E-mail verification' });
    await expect(modal).toBeVisible();
    // Polled: the modal zooms in, so its box is smaller until the animation ends.
    await expect.poll(async () => Math.round((await modal.boundingBox())?.width ?? 0)).toBe(400);
    await expect(modal.locator('.ant-modal-footer')).toHaveCount(0);

    // Closing resets the field and returns to the form.
    await page.getByTestId('verify-code').fill('999');
    await modal.locator('.ant-modal-close').click();
    await expect(modal).toBeHidden();
    await page.getByTestId('login-submit').click();
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('verify-code')).toHaveValue('');

    await page.getByTestId('verify-submit').click();
    await expect(page.getByText('Verification code cannot be empty')).toBeVisible();
    await page.getByTestId('verify-code').fill('12345');
    await page.getByTestId('verify-submit').click();
    await expect(page.getByText('Must be a 6-digit number')).toBeVisible();

    const before = outbox(env.dataDir, DEMO.email).length;
    await page.getByTestId('get-code').click();
    await expect(page.getByTestId('get-code')).toHaveText(/^(60|59) s$/);
    await expect(page.getByTestId('get-code')).toHaveText(/^(58|57) s$/, { timeout: 5000 });
    await expect(page.getByTestId('get-code')).toHaveAttribute('aria-disabled', 'true');
    await page.getByTestId('get-code').click({ force: true }); // ignored during the countdown
    await page.waitForTimeout(500);
    expect(outbox(env.dataDir, DEMO.email).length).toBe(before + 1);

    await page.getByTestId('verify-code').fill(` ${latestCode(env.dataDir, DEMO.email)} `);
    await page.getByTestId('verify-submit').click();
    await expect(toastText(page)).toHaveText('Login successful');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect(hashPath(page)).toBe('/home');
    const token = await page.evaluate(() => localStorage.getItem('coffer.token'));
    expect(token).toBeTruthy();
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'home-after-sign-in.png'), fullPage: true });
  });
});
