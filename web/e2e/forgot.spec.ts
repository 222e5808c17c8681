import path from 'node:path';
import { call, latestCode } from './api';
import { ARTIFACTS, expect, hashPath, settle, signInAs, test } from './fixtures';
import { USERS } from './users';

test('forgot password: code, new password, the reset ends sessions, sign in now', async ({ page, env }) => {
  test.setTimeout(120_000);
  const user = USERS.forgot;
  const newPassword = 'Forgot-Pass-2027';
  const before = await signInAs(env, user); // a session the reset must end

  await page.goto('/#/login');
  await page.getByTestId('forgot-password').click();
  await expect(page.getByTestId('forgot-panel')).toBeVisible();
  await page.getByTestId('forgot-email').fill(user.email);
  const [request] = await Promise.all([
    page.waitForRequest('**/api/partner/code/email'),
    page.getByTestId('forgot-get-code').click(),
  ]);
  expect(request.postDataJSON()).toEqual({ email: user.email, type: 8 });
  await expect(page.getByTestId('forgot-get-code')).toHaveText(/^(60|59) s$/);

  // A wrong code is refused at Next, under the code field, before any password is typed.
  const code = latestCode(env.dataDir, user.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByTestId('forgot-code').fill(wrong);
  const [checked] = await Promise.all([
    page.waitForResponse('**/api/partner/reset/verify'),
    page.getByTestId('forgot-next').click(),
  ]);
  expect((await checked.json()).code).toBe(11002);
  await expect(page.locator('#forgot_code_help')).toHaveText('Verification code is incorrect or has expired');
  await expect(page.getByTestId('forgot-password')).toHaveCount(0);

  await page.getByTestId('forgot-code').fill(code);
  await page.getByTestId('forgot-next').click();
  await page.getByTestId('forgot-password').fill(newPassword);
  await page.getByTestId('forgot-password-verify').fill(newPassword);
  await page.getByTestId('forgot-back').click(); // Back returns to step 1 with the values kept
  await expect(page.getByTestId('forgot-code')).toHaveValue(code);
  await page.getByTestId('forgot-next').click();
  await expect(page.getByTestId('forgot-password')).toHaveValue(newPassword);
  const [reset] = await Promise.all([
    page.waitForRequest('**/api/partner/reset'),
    page.getByTestId('forgot-submit').click(),
  ]);
  // Step 2 carries step 1's proof, never the code.
  const body = reset.postDataJSON() as Record<string, string>;
  expect(body).toEqual({ email: user.email, resetToken: expect.stringMatching(/^r1\./), password: newPassword, passwordVerify: newPassword });

  await expect(page.getByTestId('forgot-done')).toContainText('Password reset successful');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'forgot-done.png'), fullPage: true });

  // The reset ended the earlier session and replaced the password.
  expect((await call(env.baseURL, '/api/partner/user/info', {}, before.sessionCode)).code).toBe(10506);
  expect((await call(env.baseURL, '/api/partner/login/verify', { email: user.email, password: user.password })).code).toBe(11001);

  // Sign in now: the Login tab with the e-mail filled in; the new password passes the first step.
  // (The e-mail code step is covered elsewhere: this user already had a login code within 60 s.)
  await page.getByTestId('forgot-sign-in-now').click();
  await expect(page.getByTestId('login-email')).toHaveValue(user.email);
  await page.getByTestId('login-password').fill(newPassword);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('verify-code')).toBeVisible();
  expect(hashPath(page)).toBe('/login');
});
