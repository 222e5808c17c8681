import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { MESSAGES } from './messages';

// Every validation message of the login page (spec section 5), in English and Simplified
// Chinese. All of them are client-side: no request is made for a bad e-mail.

async function openLogin(page: Page, lang: string) {
  await page.goto('/#/login');
  await page.evaluate((value) => localStorage.setItem('coffer.lang', value), lang);
  await page.reload();
}

/** Counts calls to /code/email, to prove a bad e-mail sends nothing. */
function countCodeRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/partner/code/email')) count += 1;
  });
  return () => count;
}

for (const [lang, text] of Object.entries(MESSAGES)) {
  test.describe(`login page validation (${lang})`, () => {
    test('login form and the register flow', async ({ page }) => {
      await openLogin(page, lang);
      const codeRequests = countCodeRequests(page);
      await page.getByTestId('login-submit').click();
      await expect(page.getByText(text.account)).toBeVisible();
      await expect(page.getByText(text.password)).toBeVisible();

      await page.getByTestId('tab-register').click();
      await page.getByTestId('register-get-code').click();
      await expect(page.getByText(text.emailEmpty)).toBeVisible();
      await page.getByTestId('register-email').fill('merchant@example');
      await page.getByTestId('register-get-code').click();
      await expect(page.getByText(text.emailFormat)).toBeVisible();
      await page.getByTestId('register-continue').click();
      await expect(page.getByText(text.codeEmpty)).toBeVisible();
      await expect(page.getByText(text.agree)).toBeVisible();
      await page.getByTestId('register-code').fill('12a45');
      await expect(page.getByText(text.codeDigits)).toBeVisible();
      expect(codeRequests()).toBe(0);

      await page.getByTestId('register-email').fill('merchant@example.com');
      await page.getByTestId('register-code').fill('123456');
      await page.getByTestId('register-agree').check();
      await page.getByTestId('register-continue').click();
      await page.getByTestId('register-submit').click();
      await expect(page.getByText(text.passwordEmpty)).toHaveCount(2);
      await page.getByTestId('register-password').fill('abcdefgh');
      await expect(page.getByText(text.passwordFormat)).toBeVisible();
      await page.getByTestId('register-password-verify').fill('abcdefgx');
      await expect(page.getByText(text.inconsistent)).toBeVisible();
      expect(codeRequests()).toBe(0);
    });

    test('the forgot-password flow', async ({ page }) => {
      await openLogin(page, lang);
      const codeRequests = countCodeRequests(page);
      await page.getByTestId('forgot-password').click();
      await page.getByTestId('forgot-next').click();
      await expect(page.getByText(text.emailEmpty)).toBeVisible();
      await expect(page.getByText(text.codeEmpty)).toBeVisible();
      await page.getByTestId('forgot-email').fill('no at sign');
      await page.getByTestId('forgot-get-code').click();
      await expect(page.getByText(text.emailFormat)).toBeVisible();
      await page.getByTestId('forgot-code').fill('1234567');
      await expect(page.getByText(text.codeDigits)).toBeVisible();
      expect(codeRequests()).toBe(0);

      // The code is checked by the server at Next (forgot.spec.ts covers that with a mailed code);
      // this test is about the client's messages, so the server's step-1 answer is faked here.
      await page.route('**/api/partner/reset/verify', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ code: 1, msg: 'success', data: { resetToken: 'r1.0.0.fake', expiresAt: '2099-01-01T00:00:00Z' } }),
        }),
      );
      await page.getByTestId('forgot-email').fill('merchant@example.com');
      await page.getByTestId('forgot-code').fill('123456');
      await page.getByTestId('forgot-next').click();
      await page.getByTestId('forgot-password').fill('ABCDEFGH1');
      await expect(page.getByText(text.passwordFormat)).toBeVisible();
      await page.getByTestId('forgot-password').fill('Abcdefgh1');
      await page.getByTestId('forgot-password-verify').fill('Abcdefgh2');
      await expect(page.getByText(text.inconsistent)).toBeVisible();
      await page.getByTestId('forgot-back').click();
      await expect(page.getByTestId('forgot-email')).toHaveValue('merchant@example.com');
      await page.getByTestId('back-to-login').click();
      await expect(page.getByTestId('login-email')).toBeVisible();
    });
  });
}
