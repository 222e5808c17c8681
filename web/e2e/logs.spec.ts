import type { Page } from '@playwright/test';
import { call } from './api';
import { expect, openAs, showAllColumns, signInAs, test, type E2eEnv } from './fixtures';
import { filterField } from './wallets';
import { USERS } from './users';

// Logs of the demo merchant, read by the shared user (menus 901 and 902). The merchant's time
// zone is UTC+8 (demo seed), so filters send +08:00 day boundaries and tables show +8 times.

const inZone = (iso: string, hours: number) =>
  new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function typeDate(page: Page, index: 0 | 1, date: string) {
  const input = page.getByTestId('log-filters').locator('.ant-picker input').nth(index);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

const PASSWORD_EDIT = '/api/partner/password/edit';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';

/** A call as a given browser would send it (the log records and reads its user agent). */
async function callAs(baseURL: string, userAgent: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...(token ? { sessionCode: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number };
}

const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

/** The shared user's refused password change, sent from Chrome on Windows: logged, changing nothing. */
async function refusePasswordChange(env: E2eEnv) {
  const wrongOld = { passwordOld: 'Not-The-Old-1', password: 'Whatever-Pass-1', passwordVerify: 'Whatever-Pass-1' };
  const refused = await callAs(env.baseURL, CHROME_ON_WINDOWS, PASSWORD_EDIT, wrongOld, env.shared.sessionCode);
  expect(refused.code).toBe(11004);
}

/** The first operation-log row shows this action's name, its target and the parsed browser. */
async function expectLogRow(page: Page, shown: { action: string; target: string; browser: string }) {
  const row = rows(page).first();
  await expect(row.getByTestId('log-action')).toHaveText(shown.action);
  await expect(row.getByTestId('log-target')).toHaveText(shown.target);
  await expect(row.getByTestId('log-browser')).toHaveText(shown.browser);
}

async function search(page: Page, path: string) {
  const [request] = await Promise.all([page.waitForRequest(`**${path}`), page.getByTestId('filter-search').click()]);
  return request.postDataJSON() as Record<string, unknown>;
}

test.describe('logs', () => {
  test('login logs: a failed and a successful sign-in, filters, dates in the merchant zone', async ({ page, env }) => {
    const user = USERS.signins;
    const failed = await callAs(env.baseURL, SAFARI_ON_MAC, '/api/partner/login/verify', {
      email: user.email,
      password: 'Not-The-Password-1',
    });
    expect(failed.code).toBe(11001);
    await signInAs(env, user);

    await openAs(page, env.shared, '/logs/login');
    await (await filterField(page, 'filter-email')).fill(user.email);
    expect(await search(page, '/api/partner/logs/login/page')).toMatchObject({ page: 1, pageSize: 20, email: user.email });
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0).getByTestId('log-result')).toHaveText('Success');
    await expect(rows(page).nth(1).getByTestId('log-result')).toHaveText('Failure');
    await expect(rows(page).nth(1).getByTestId('log-reason')).toHaveText('Wrong password');
    // The browser is read from the user agent, the raw string kept for hover (a secondary column).
    await showAllColumns(page);
    await expect(rows(page).nth(1).getByTestId('log-browser')).toHaveText('Safari 17 · macOS');

    // Times in the merchant's zone (UTC+8).
    const listed = await call<{ list: Array<{ createtime: string }> }>(
      env.baseURL, '/api/partner/logs/login/page', { page: 1, pageSize: 20, email: user.email }, env.shared.sessionCode,
    );
    await expect(rows(page).nth(0)).toContainText(inZone(listed.data.list[0].createtime, 8));

    await page.getByTestId('filter-result').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Failure' }).click();
    expect(await search(page, '/api/partner/logs/login/page')).toMatchObject({ result: 'failure' });
    await expect(rows(page)).toHaveCount(1);

    // A start without an end is refused, with no request. The day is the failed sign-in's own
    // day in the merchant's zone (from the time the server returned), never the browser's date.
    const failedAt = listed.data.list[listed.data.list.length - 1].createtime;
    const today = inZone(failedAt, 8).slice(0, 10);
    await typeDate(page, 0, today);
    await page.getByTestId('filter-email').click();
    await page.getByTestId('filter-search').click();
    await expect(page.getByText('Dates: a start and an end must be chosen')).toBeVisible();

    await typeDate(page, 1, today);
    const body = await search(page, '/api/partner/logs/login/page');
    expect(body).toMatchObject({ start: `${today}T00:00:00.000+08:00`, end: `${today}T23:59:59.999+08:00` });
    await expect(page.getByText('Dates: a start and an end must be chosen')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);

    await typeDate(page, 0, '2020-01-01');
    await typeDate(page, 1, '2020-01-31');
    await search(page, '/api/partner/logs/login/page');
    await expect(rows(page)).toHaveCount(0);

    await page.getByTestId('filter-reset').click();
    await expect(page.getByTestId('filter-email')).toHaveValue('');
  });

  test('page-size chooser', async ({ page, env }) => {
    await openAs(page, env.shared, '/logs/login');
    await expect(rows(page).first()).toBeVisible();
    await page.locator('.ant-pagination-options .ant-select').click();
    const [request] = await Promise.all([
      page.waitForRequest('**/api/partner/logs/login/page'),
      page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '10 / page' }).click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ page: 1, pageSize: 10 });
  });

  test('operation logs: a refused password change, named, its target and browser, its masked body', async ({ page, env }) => {
    // A refused change is logged too and changes nothing, so the shared session can make it.
    await refusePasswordChange(env);

    await openAs(page, env.shared, '/logs/operation');
    await (await filterField(page, 'filter-email')).fill(env.shared.useremail);
    await page.getByTestId('filter-action').fill(PASSWORD_EDIT);
    expect(await search(page, '/api/partner/logs/operation/page')).toMatchObject({ email: env.shared.useremail, action: PASSWORD_EDIT });
    await showAllColumns(page); // the browser is a secondary column
    const row = rows(page).first();
    // The action by its name, not its path; done to the caller's own account; from Chrome.
    await expectLogRow(page, { action: 'Change password', target: env.shared.useremail, browser: 'Chrome 131 · Windows 10' });
    await expect(row.getByTestId('log-result')).toHaveText('Failure');
    await row.locator('.ant-table-row-expand-icon').click();
    const change = page.locator('.coffer-log-change').first();
    // Where it came from, though IP and browser are secondary columns.
    await expect(change.getByTestId('log-change-client')).toContainText('Chrome 131 · Windows 10');
    await expect(change).toContainText('"password": "***"');
    await expect(change).not.toContainText('Whatever-Pass-1');
  });

  for (const [lang, action, browserHeader] of [
    ['zh-CN', '修改密码', '浏览器'],
    ['zh-HK', '修改密碼', '瀏覽器'],
  ] as const) {
    test(`operation logs in ${lang}: the action named in the language`, async ({ page, env }) => {
      await refusePasswordChange(env);
      await openAs(page, env.shared, '/logs/operation', lang);
      await (await filterField(page, 'filter-email')).fill(env.shared.useremail);
      // Filtered by the name the reader sees, not the path.
      await page.getByTestId('filter-action').fill(action);
      expect(await search(page, '/api/partner/logs/operation/page')).toMatchObject({ action });
      await expect(rows(page).getByTestId('log-action').filter({ hasNotText: action })).toHaveCount(0);
      await showAllColumns(page); // the browser is a secondary column
      await expectLogRow(page, { action, target: env.shared.useremail, browser: 'Chrome 131 · Windows 10' });
      await expect(page.getByRole('columnheader', { name: browserHeader })).toBeVisible();
    });
  }
});
