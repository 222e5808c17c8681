import path from 'node:path';
import type { Page } from '@playwright/test';
import { call } from './api';
import { answerConfirm, ARTIFACTS, expect, hashPath, openAs, settle, signInAs, test, toastText } from './fixtures';
import { MESSAGES } from './messages';
import { freshTotp, hotp, totp } from './totp';
import { USERS } from './users';

test('the TOTP helper matches RFC 6238 (SHA1)', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
  expect(totp(secret, 59_000, 8)).toBe('94287082');
  expect(totp(secret, 1_111_111_109_000, 8)).toBe('07081804');
  expect(totp(secret, 59_000)).toBe('287082');
  expect(hotp(Buffer.from('12345678901234567890'), 1)).toBe('287082'); // RFC 4226 counter 1
});

async function switchLanguage(page: Page, lang: string) {
  await page.getByTestId('login-lang').click();
  await page.getByTestId(`lang-option-${lang}`).click();
}

test('bind Google in the personal centre, sign in with the authenticator, unbind', async ({ page, env }) => {
  test.setTimeout(180_000);
  const user = USERS.google;
  await openAs(page, await signInAs(env, user), '/personal');
  await expect(page.getByTestId('personal-google')).toHaveText('Not bound');

  // Bind: QR code of the otpauth URI and the secret as text.
  await page.getByTestId('google-bind').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Bind Google authenticator' });
  await expect(page.getByTestId('google-secret')).toBeVisible();
  const secret = (await page.getByTestId('google-secret').innerText()).replace(/[^A-Z2-7]/g, '');
  expect(secret.length).toBeGreaterThanOrEqual(16);
  await expect(page.getByTestId('google-qr')).toHaveAttribute('data-value', new RegExp(`^otpauth://totp/.*secret=${secret}`));
  await expect(dialog.locator('.ant-qrcode canvas')).toBeVisible();
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'google-bind.png') });

  await page.getByTestId('google-bind-submit').click();
  await expect(dialog.getByText('Google verification code cannot be empty')).toBeVisible();
  const bindCode = await freshTotp(secret, null);
  const wrong = bindCode.code === '000000' ? '111111' : '000000';
  await page.getByTestId('google-code').fill(wrong);
  await page.getByTestId('google-bind-submit').click();
  await expect(toastText(page)).toBeVisible(); // 11002: the server's message
  await expect(dialog).toBeVisible();
  await page.getByTestId('google-code').fill(bindCode.code);
  await page.getByTestId('google-bind-submit').click();
  await expect(toastText(page)).toHaveText('Google authenticator set successfully');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('personal-google')).toHaveText('Bound');
  await expect(page.getByTestId('google-unbind')).toBeVisible();

  // Sign out, then sign in: the verify modal asks for the authenticator code.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-logout').click();
  await answerConfirm(page, 'Sure');
  await expect(page.getByTestId('login-page')).toBeVisible();

  await switchLanguage(page, 'zh-CN');
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('verify-code')).toBeVisible();
  await page.getByTestId('verify-submit').click();
  await expect(page.getByText(MESSAGES['zh-CN'].googleEmpty)).toBeVisible();
  await page.locator('.ant-modal-close').click();
  await switchLanguage(page, 'en');

  await page.getByTestId('login-submit').click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'Google authenticator' });
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('get-code')).toHaveCount(0);
  await page.getByTestId('verify-submit').click();
  await expect(page.getByText(MESSAGES.en.googleEmpty)).toBeVisible();
  const signInCode = await freshTotp(secret, bindCode.counter); // each code is accepted once
  await page.getByTestId('verify-code').fill(signInCode.code);
  await page.getByTestId('verify-submit').click();
  await expect(toastText(page)).toHaveText('Login successful');
  expect(hashPath(page)).toBe('/home');

  // Unbind with a new code; sign-in goes back to the e-mail code.
  await page.goto('/#/personal');
  await page.getByTestId('google-unbind').click();
  // Wait for the dialog's opening animation: a click during it can miss the button.
  const unbindDialog = page.getByRole('dialog').filter({ hasText: 'Unbind Google authenticator' });
  await expect(unbindDialog).toBeVisible();
  await expect(page.getByTestId('google-unbind-code')).toBeEditable();
  await page.getByTestId('google-unbind-submit').click();
  await expect(unbindDialog.getByText('Google verification code cannot be empty')).toBeVisible();
  const unbindCode = await freshTotp(secret, signInCode.counter);
  await page.getByTestId('google-unbind-code').fill(unbindCode.code);
  await page.getByTestId('google-unbind-submit').click();
  await expect(toastText(page)).toHaveText('Google authenticator unbound successfully');
  await expect(page.getByTestId('personal-google')).toHaveText('Not bound');
  const verify = await call<number>(env.baseURL, '/api/partner/login/verify', { email: user.email, password: user.password });
  expect(verify).toMatchObject({ code: 1, data: 0 });
});
