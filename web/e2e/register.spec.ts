import path from 'node:path';
import type { Page } from '@playwright/test';
import { latestCode, outbox, pendingMerchants } from './api';
import { ARTIFACTS, expect, hashPath, settle, test, toastText } from './fixtures';
import { coffer } from './server';

const FRESH = { email: 'fresh@merchant.example', password: 'Fresh-Pass-2026' };

async function signInThroughUi(page: Page, dataDir: string, email: string, password: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('verify-code')).toBeVisible();
  await page.getByTestId('get-code').click();
  await expect(page.getByTestId('get-code')).toHaveText(/^\d+ s$/);
  await page.getByTestId('verify-code').fill(latestCode(dataDir, email));
  await page.getByTestId('verify-submit').click();
}

test.describe('registration', () => {
  test('register → activation by the operator CLI → sign in with the e-mail code', async ({ page, env }) => {
    test.setTimeout(120_000);
    await page.goto('/#/login');
    await page.getByTestId('tab-register').click();

    // Step 1: e-mail, code (type 1) with the countdown, privacy checkbox.
    await page.getByTestId('register-email').fill(FRESH.email);
    const before = outbox(env.dataDir, FRESH.email).length;
    const [request] = await Promise.all([
      page.waitForRequest('**/api/partner/code/email'),
      page.getByTestId('register-get-code').click(),
    ]);
    expect(request.postDataJSON()).toEqual({ email: FRESH.email, type: 1 });
    await expect(page.getByTestId('register-get-code')).toHaveText(/^(60|59) s$/);
    await expect(page.getByTestId('register-get-code')).toHaveText(/^(58|57) s$/, { timeout: 5000 });
    await page.getByTestId('register-get-code').click({ force: true }); // ignored while counting
    await page.waitForTimeout(500);
    expect(outbox(env.dataDir, FRESH.email).length).toBe(before + 1);

    await page.getByTestId('register-code').fill(latestCode(env.dataDir, FRESH.email));
    await expect(page.getByTestId('privacy-link')).toHaveAttribute('href', '/privacy.html');
    expect((await page.request.get('/privacy.html')).status()).toBe(200);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-continue').click();

    // Step 2: password with its indicators; Back keeps step 1.
    await page.getByTestId('register-password').fill('fresh');
    await expect(page.getByTestId('password-rules').locator('li[data-met="true"]')).toHaveCount(1);
    await page.getByTestId('register-back').click();
    await expect(page.getByTestId('register-email')).toHaveValue(FRESH.email);
    await page.getByTestId('register-continue').click();
    await page.getByTestId('register-password').fill(FRESH.password);
    await expect(page.getByTestId('password-rules').locator('li[data-met="true"]')).toHaveCount(4);
    await page.getByTestId('register-password-verify').fill(FRESH.password);
    await page.getByTestId('register-submit').click();

    // Step 3: submitted, with the contact tip and the support address.
    await expect(page.getByTestId('register-done')).toContainText('Registration submitted');
    await expect(page.getByTestId('register-contact-tip')).toHaveText('We will contact you within 1 working day.');
    await expect(page.getByTestId('support-email')).toHaveText('support@coffer.local');
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'register-submitted.png'), fullPage: true });

    // Not active yet: sign-in is refused with the server's 'registration pending' message.
    await page.getByTestId('register-back-to-login').click();
    await page.getByTestId('login-email').fill(FRESH.email);
    await page.getByTestId('login-password').fill(FRESH.password);
    await page.getByTestId('login-submit').click();
    await expect(toastText(page)).toContainText('within 1 working day');
    await expect(page.getByTestId('verify-code')).toBeHidden();

    // The operator activates it.
    expect(pendingMerchants(env.dataDir)).toContain(FRESH.email);
    coffer(env.dataDir, ['admin', 'merchant', 'activate', FRESH.email]);
    expect(pendingMerchants(env.dataDir)).not.toContain(FRESH.email);

    await signInThroughUi(page, env.dataDir, FRESH.email, FRESH.password);
    await expect(toastText(page)).toHaveText('Login successful');
    await expect(page.getByTestId('sidebar')).toBeVisible();
    expect(hashPath(page)).toBe('/home');
    // The registering user is the admin of the new merchant.
    await page.goto('/#/personal');
    await expect(page.getByTestId('personal-role')).toHaveText('admin');
    await expect(page.getByTestId('personal-email')).toHaveText(FRESH.email);
  });

  test('changing tab clears the register step and its fields', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByTestId('tab-register').click();
    await page.getByTestId('register-email').fill('somebody@merchant.example');
    await page.getByTestId('register-code').fill('123456');
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-continue').click();
    await expect(page.getByTestId('register-password')).toBeVisible();

    await page.getByTestId('tab-login').click();
    await page.getByTestId('tab-register').click();
    await expect(page.getByTestId('register-password')).toHaveCount(0);
    await expect(page.getByTestId('register-email')).toHaveValue('');
    await expect(page.getByTestId('register-agree')).not.toBeChecked();
  });

  test('a second code within 60 s is refused by the server: Do Not Resend', async ({ page }) => {
    await page.goto('/#/login');
    await page.getByTestId('tab-register').click();
    await page.getByTestId('register-email').fill('twice@merchant.example');
    await page.getByTestId('register-get-code').click();
    await expect(page.getByTestId('register-get-code')).toHaveText(/^\d+ s$/);
    // A tab change restarts the flow (and its countdown); the server still refuses.
    await page.getByTestId('tab-login').click();
    await page.getByTestId('tab-register').click();
    await page.getByTestId('register-email').fill('twice@merchant.example');
    await page.getByTestId('register-get-code').click();
    await expect(toastText(page)).toHaveText('Do Not Resend');
    await expect(page.getByTestId('register-get-code')).toHaveText('Get code');
  });
});
