import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn, call, latestCode } from './api';
import { ARTIFACTS, expect, hashPath, openAs, settle, showAllColumns, test, toastText, type E2eEnv } from './fixtures';
import { freshTotp } from './totp';
import { bindGoogle } from './wallets';

// Accounts and roles, in the merchant of OWNER (its admin role holds every permission). Adding
// accounts (invitations) and roles, and changing roles, need the owner's authenticator.

let ownerGoogle: { secret: string; counter: number } | null = null;

/** A fresh authenticator code of the owner (bound on first use; each code is accepted once). */
async function ownerCode(env: E2eEnv): Promise<string> {
  ownerGoogle ??= await bindGoogle(env.baseURL, env.owner.sessionCode);
  const { code, counter } = await freshTotp(ownerGoogle.secret, ownerGoogle.counter);
  ownerGoogle.counter = counter;
  return code;
}

interface RoleRow {
  id: number;
  name: string;
  isAdmin: boolean;
  menuIds: number[];
}

async function roles(baseURL: string, token: string): Promise<RoleRow[]> {
  return (await call<{ list: RoleRow[] }>(baseURL, '/api/partner/role/page', {}, token)).data.list;
}

/** Clicks a tree entry's title: the tree toggles its checkbox (checkable, not selectable). */
const permission = (page: Page, id: number): Locator => page.getByTestId(`perm-${id}`);
const isChecked = (page: Page, id: number) =>
  page.locator('.ant-tree-treenode').filter({ has: permission(page, id) }).locator('.ant-tree-checkbox-checked');

async function pickOption(page: Page, select: Locator, label: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
}

test.describe('accounts and roles', () => {
  test('roles: add, edit and delete with the permission tree; the admin role is read-only', async ({ page, env }) => {
    test.setTimeout(120_000);
    const token = env.owner.sessionCode;
    ownerGoogle ??= await bindGoogle(env.baseURL, token); // before the console reads bindGoogle
    await openAs(page, env.owner, '/account/role-list');
    const adminRow = page.getByTestId('role-row-admin');
    await expect(adminRow).toBeVisible();
    await expect(adminRow.getByTestId('role-edit')).toBeDisabled();
    await expect(adminRow.getByTestId('role-delete')).toBeDisabled();

    await page.getByTestId('role-add').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add role' });
    await expect(permission(page, 901)).toBeVisible();
    await expect(permission(page, 70201)).toHaveText(/Add account/);
    await page.getByTestId('role-form-submit').click();
    await expect(dialog.getByText('Role name cannot be empty')).toBeVisible();
    await expect(dialog.getByText('Google verification code cannot be empty')).toBeVisible();
    await page.getByTestId('role-form-name').fill('Auditors');
    await permission(page, 901).click(); // grants Logs (9) with it
    await expect(isChecked(page, 9)).toHaveCount(1);
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'role-form.png') });
    await page.getByTestId('role-form-google-code').fill(await ownerCode(env));
    await page.getByTestId('role-form-submit').click();
    await expect(toastText(page)).toHaveText('Successfully added');
    await expect(page.getByTestId('role-row-Auditors')).toBeVisible();
    expect((await roles(env.baseURL, token)).find((role) => role.name === 'Auditors')?.menuIds.sort()).toEqual([9, 901]);

    await page.getByTestId('role-row-Auditors').getByTestId('role-edit').click();
    await expect(page.getByTestId('role-form-name')).toHaveValue('Auditors');
    await expect(isChecked(page, 901)).toHaveCount(1);
    await expect(isChecked(page, 902)).toHaveCount(0);
    await page.getByTestId('role-form-name').fill('Log readers');
    await permission(page, 902).click();
    await page.getByTestId('role-form-google-code').fill(await ownerCode(env));
    await page.getByTestId('role-form-submit').click();
    await expect(toastText(page)).toHaveText('Successfully edited');
    await expect(page.getByTestId('role-row-Log readers')).toBeVisible();
    expect((await roles(env.baseURL, token)).find((role) => role.name === 'Log readers')?.menuIds.sort()).toEqual([9, 901, 902]);

    await page.getByTestId('role-row-Log readers').getByTestId('role-delete').click();
    await page.getByTestId('role-delete-sure').click();
    await expect(toastText(page)).toHaveText('Successfully deleted');
    await expect(page.getByTestId('role-row-Log readers')).toHaveCount(0);
  });

  test('accounts: invite, accept, edit, reset password, delete; a sub-account sees only its menus and buttons', async ({ page, env, newPage }) => {
    test.setTimeout(180_000);
    const token = env.owner.sessionCode;
    const clerk = { email: 'clerk@merchant.example', password: 'Clerk-Pass-2026', newPassword: 'Clerk-Pass-2027' };
    const clerks = { name: 'Clerks', menuIds: [7, 702, 70202, 9, 901], googleCode: await ownerCode(env) };
    const role = await call(env.baseURL, '/api/partner/role/add', clerks, token);
    expect(role.code).toBe(1);

    await openAs(page, env.owner, '/account/account-list');
    const own = page.getByTestId(`account-row-${env.owner.useremail}`);
    await expect(own).toBeVisible();
    await expect(own.getByTestId('account-delete')).toBeDisabled();

    // Invite, with every validation message first: no password, the Google code instead.
    await page.getByTestId('account-add').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add account' });
    await expect(dialog.getByTestId('account-invite-tip')).toBeVisible();
    await expect(page.getByTestId('account-form-password')).toHaveCount(0);
    await page.getByTestId('account-form-submit').click();
    await expect(dialog.getByText('Email address is empty')).toBeVisible();
    await expect(dialog.getByText('Nickname is empty')).toBeVisible();
    await expect(dialog.getByText('Please choose a role')).toBeVisible();
    await expect(dialog.getByText('Google verification code cannot be empty')).toBeVisible();
    await page.getByTestId('account-form-email').fill('clerk@merchant');
    await page.getByTestId('account-form-username').fill('   ');
    await expect(dialog.getByText('Email Format Incorrect')).toBeVisible();
    await page.getByTestId('account-form-submit').click();
    await expect(dialog.getByText('Nickname is empty')).toBeVisible();

    await page.getByTestId('account-form-email').fill(clerk.email);
    await page.getByTestId('account-form-username').fill('Clerk');
    await pickOption(page, page.getByTestId('account-form-role'), 'Clerks');
    await page.getByTestId('account-form-google-code').fill(await ownerCode(env));
    await page.getByTestId('account-form-submit').click();
    await expect(toastText(page)).toHaveText('Invitation sent');
    const row = page.getByTestId(`account-row-${clerk.email}`);
    await expect(row).toContainText('Clerks');
    await expect(row.getByTestId('account-status')).toHaveText('Invited');

    // The invitee sets the password on the sign-in page with the mailed code.
    const invitee = await newPage();
    await invitee.goto('/#/login');
    await invitee.getByTestId('accept-invitation').click();
    await expect(invitee.getByTestId('invite-panel')).toContainText('Accept invitation');
    await invitee.getByTestId('invite-email').fill(clerk.email);
    await invitee.getByTestId('invite-code').fill(latestCode(env.dataDir, clerk.email));
    await invitee.getByTestId('invite-next').click();
    await invitee.getByTestId('invite-password').fill(clerk.password);
    await invitee.getByTestId('invite-password-verify').fill(clerk.password);
    await invitee.getByTestId('invite-submit').click();
    await expect(invitee.getByTestId('invite-done')).toContainText('Invitation accepted');
    await invitee.close();
    await page.reload();
    await expect(row.getByTestId('account-status')).toHaveText('Enabled');

    // Edit the nickname.
    await row.getByTestId('account-edit').click();
    await expect(page.getByTestId('account-form-username')).toHaveValue('Clerk');
    await expect(page.getByTestId('account-form-email')).toBeDisabled();
    await page.getByTestId('account-form-username').fill('Clerk Two');
    await page.getByTestId('account-form-submit').click();
    await expect(toastText(page)).toHaveText('Successfully edited');
    await showAllColumns(page); // the nickname is a secondary column
    await expect(row).toContainText('Clerk Two');

    // Reset the password.
    await row.getByTestId('account-reset-password').click();
    await page.getByTestId('reset-password-new').fill(clerk.newPassword);
    await page.getByTestId('reset-password-verify').fill(clerk.newPassword);
    await page.getByTestId('reset-password-submit').click();
    await expect(toastText(page)).toHaveText('Successfully reset');
    const refused = await call(env.baseURL, '/api/partner/login/verify', { email: clerk.email, password: clerk.password });
    expect(refused.code).toBe(11001);

    // The sub-account: only its menus, only its buttons.
    const clerkSession = await apiSignIn(env.baseURL, env.dataDir, clerk.email, clerk.newPassword);
    const clerkPage = await newPage();
    await openAs(clerkPage, clerkSession, '/');
    await expect(clerkPage).toHaveURL(/#\/account\/account-list$/); // first page of its menus
    await clerkPage.getByTestId('menu-9').click();
    await expect(clerkPage.getByTestId('menu-901')).toBeVisible();
    const items = await clerkPage
      .getByTestId('sidebar')
      .locator('[data-testid^="menu-"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
    expect(items.sort()).toEqual(['menu-7', 'menu-702', 'menu-9', 'menu-901'].sort());
    await expect(clerkPage.getByTestId(`account-row-${clerk.email}`)).toBeVisible();
    await expect(clerkPage.getByTestId('account-edit').first()).toBeVisible();
    await expect(clerkPage.getByTestId('account-add')).toHaveCount(0);
    await expect(clerkPage.getByTestId('account-reset-password')).toHaveCount(0);
    await expect(clerkPage.getByTestId('account-delete')).toHaveCount(0);
    await settle(clerkPage);
    await clerkPage.screenshot({ path: path.join(ARTIFACTS, 'sub-account.png') });
    // Editing without the Role list permission still offers every role (/account/roleOptions).
    await clerkPage.getByTestId(`account-row-${clerk.email}`).getByTestId('account-edit').click();
    await expect(clerkPage.getByTestId('account-form-role')).toContainText('Clerks');
    await clerkPage.getByTestId('account-form-role').click();
    await expect(clerkPage.locator('.ant-select-item-option', { hasText: /^admin$/ })).toBeVisible();
    await clerkPage.getByTestId('account-form-role').click();
    await expect(clerkPage.locator('.ant-message-notice-content')).toHaveCount(0); // no error toast
    await clerkPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await clerkPage.goto('/#/account/role-list');
    await expect(clerkPage.getByTestId('not-found')).toBeVisible();
    expect(hashPath(clerkPage)).toBe('/account/role-list');
    await clerkPage.close();

    // Delete it: its session ends.
    await page.getByTestId(`account-row-${clerk.email}`).getByTestId('account-delete').click();
    await page.getByTestId('account-delete-sure').click();
    await expect(toastText(page)).toHaveText('Successfully deleted');
    await expect(page.getByTestId(`account-row-${clerk.email}`)).toHaveCount(0);
    expect((await call(env.baseURL, '/api/partner/user/info', {}, clerkSession.sessionCode)).code).toBe(10506);
  });
});
