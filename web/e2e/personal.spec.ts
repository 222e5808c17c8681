import path from 'node:path';
import { call } from './api';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, test, toastText } from './fixtures';
import { describeUserAgent } from '../src/pages/logs/userAgent';

/** "YYYY-MM-DD HH:mm:ss" of an instant in a whole-hour UTC offset. */
const inZone = (iso: string, hours: number) =>
  new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

test.describe('personal centre', () => {
  test('the admin sets the merchant time zone; home, my logs and their times follow it', async ({ page, env }) => {
    await openAs(page, env.owner, '/personal');
    const select = page.getByTestId('timezone-select');
    await expect(select).toContainText('UTC+8');
    await select.click();
    const options = page.locator('.ant-select-dropdown .ant-select-item-option');
    await expect(options).toHaveCount(25);
    await expect(options.first()).toHaveText('UTC-11');
    await expect(options.last()).toHaveText('UTC+13');
    await options.filter({ hasText: /^UTC-5$/ }).click();
    await page.getByTestId('timezone-save').click();
    await expect(toastText(page)).toHaveText('Successfully saved');

    // My logs: the change, newest first, its time shown at UTC-5.
    const mine = await call<{ list: Array<{ action: string; createtime: string }> }>(
      env.baseURL, '/api/sys/logs/myLogs', { page: 1, pageSize: 20 }, env.owner.sessionCode,
    );
    const latest = mine.data.list[0];
    expect(latest.action).toContain('timeZone');
    await page.reload();
    const firstRow = page.getByTestId('my-logs').locator('.ant-table-row').first();
    // Named, done to the admin's own account, from this very browser (read from its user agent).
    await expect(firstRow.getByTestId('log-action')).toHaveText('Set time zone');
    await expect(firstRow.getByTestId('log-target')).toHaveText(env.owner.useremail);
    const agent = await page.evaluate(() => navigator.userAgent);
    await showAllColumns(page); // the browser is a secondary column
    await expect(firstRow.getByTestId('log-browser')).toHaveText(describeUserAgent(agent, 'Other browser'));
    await expect(firstRow).toContainText(inZone(latest.createtime, -5));
    await expect(firstRow.getByTestId('log-result')).toHaveText('Success');
    await settle(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'personal-centre.png'), fullPage: true });

    await page.goto('/#/home');
    await expect(page.getByTestId('home-timezone')).toHaveText('Time zone: UTC-5');
    const config = await call<{ timeZone: number }>(env.baseURL, '/api/partner/home/config', {}, env.owner.sessionCode);
    expect(config.data.timeZone).toBe(-5);
    expect((await call(env.baseURL, '/api/partner/timeZone/set', { timeZone: 8 }, env.owner.sessionCode)).code).toBe(1);
  });

  test('other roles see the time zone but cannot change it', async ({ page, env }) => {
    await openAs(page, env.shared, '/personal');
    await expect(page.getByTestId('timezone-select')).toContainText('UTC+8');
    await expect(page.getByTestId('timezone-select')).toHaveClass(/ant-select-disabled/);
    await expect(page.getByTestId('timezone-save')).toHaveCount(0);
    await expect(page.getByTestId('timezone-admin-only')).toHaveText('Only the admin role can change the time zone.');
    const refused = await call(env.baseURL, '/api/partner/timeZone/set', { timeZone: 3 }, env.shared.sessionCode);
    expect(refused.code).toBe(10403);
  });

  test('profile and the change-password button', async ({ page, env }) => {
    await openAs(page, env.shared, '/personal');
    await expect(page.getByTestId('personal-email')).toHaveText(env.shared.useremail);
    await expect(page.getByTestId('personal-google')).toHaveText('Not bound');
    await expect(page.getByTestId('google-bind')).toBeVisible();
    await page.getByTestId('personal-change-password').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Change password' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Please input!')).toHaveCount(3);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
