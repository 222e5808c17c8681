import { call } from './api';
import { expect, openAs, signInAs, test, toastText } from './fixtures';
import { USERS } from './users';
import type { Page } from '@playwright/test';

async function openDialog(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('user-menu-password').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Change password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('change password dialog', () => {
  test('validates every field', async ({ page, env }) => {
    await openAs(page, env.shared, '/home');
    const dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please input!')).toHaveCount(3);

    await page.getByTestId('password-new').fill('abcdefgh');
    await expect(dialog.getByText('Incorrect password format')).toBeVisible();
    await expect(page.getByTestId('password-rules').locator('li[data-met="true"]')).toHaveCount(2);
    await page.getByTestId('password-new').fill('Abcdefg1');
    await expect(dialog.getByText('Incorrect password format')).toHaveCount(0);
    await expect(page.getByTestId('password-rules').locator('li[data-met="true"]')).toHaveCount(4);

    await page.getByTestId('password-verify').fill('Abcdefg2');
    await expect(dialog.getByText('The two passwords are not the same')).toBeVisible();
    await page.getByTestId('password-verify').fill('Abcdefg1');
    await expect(dialog.getByText('The two passwords are not the same')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // Reopened, the dialog starts empty.
    const again = await openDialog(page);
    await expect(page.getByTestId('password-new')).toHaveValue('');
    await again.getByRole('button', { name: 'Cancel' }).click();
  });

  test('changes the password on the server', async ({ page, env }) => {
    const session = await signInAs(env, USERS.password);
    await openAs(page, session, '/home');
    const newPassword = 'Changed-Pass-2027';

    let dialog = await openDialog(page);
    await page.getByTestId('password-old').fill('Not-The-Old-1');
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-verify').fill(newPassword);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toastText(page)).toBeVisible(); // server: current password wrong (11004)
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    dialog = await openDialog(page);
    await page.getByTestId('password-old').fill(USERS.password.password);
    await page.getByTestId('password-new').fill(newPassword);
    await page.getByTestId('password-verify').fill(newPassword);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(toastText(page)).toHaveText('Successfully modified');
    await expect(dialog).toBeHidden();

    const withNew = await call(env.baseURL, '/api/partner/login/verify', { email: USERS.password.email, password: newPassword });
    expect(withNew.code).toBe(1);
    const withOld = await call(env.baseURL, '/api/partner/login/verify', {
      email: USERS.password.email,
      password: USERS.password.password,
    });
    expect(withOld.code).toBe(11001);
  });
});
