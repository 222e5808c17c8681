import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call, type Session } from './api';
import { browserDate, enableDevUsdt, makeDeposit, search, typeDate, type Deposit } from './deposits';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { E2E_CHAINS, E2E_CONFIRMATIONS } from './server';
import { USERS } from './users';
import { countRequests, pickOption, short, filterField } from './wallets';

// Orders › Deposit (301), Transactions › Deposit list (401) and Transaction list (402) over a
// real devchain deposit: `coffer admin address new`, `devchain send`, `devchain mine`, then the
// server's scanner confirms it. The demo merchant's zone is UTC+8.

const PAGE_TX = '/api/partner/deposit/pageTx';
const OPEN_ID = 'deposit-user-1';

let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.deposits));
let made: Promise<Deposit> | null = null;
/** One deposit of 25 USDT for the whole file (the asset enabled first, so it is credited). */
const theDeposit = (env: E2eEnv) =>
  (made ??= writer(env).then(async (session) => {
    await enableDevUsdt(env, session.sessionCode);
    return makeDeposit(env, session.sessionCode, OPEN_ID, '25');
  }));

/** A calendar date `days` away from today in UTC+8. */
const dateInZone8 = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

const rows = (page: import('@playwright/test').Page) => page.locator('[data-testid^="deposit-row-"]');

test('a devchain deposit: exact amount, filters, detail, re-push, CSV and the required dates', async ({ page, env }) => {
  test.setTimeout(120_000);
  const session = await writer(env);
  const deposit = await theDeposit(env);
  expect(deposit).toMatchObject({ amount: '25', actualAmount: '25', status: 8, note: '', openId: OPEN_ID, requiredConfirmations: E2E_CONFIRMATIONS });

  // The first request asks for the last 7 days of the merchant's zone.
  // The merchant's day may turn while the page loads: the range is one of the two around it.
  const first = page.waitForRequest(`**${PAGE_TX}`);
  const before = [dateInZone8(-6), dateInZone8(1)];
  await openAs(page, session, '/orders/deposit');
  const after = [dateInZone8(-6), dateInZone8(1)];
  const sent = (await first).postDataJSON();
  expect(sent).toMatchObject({ page: 1, pageSize: 20 });
  expect([before, after].map(([start, end]) => `${start}T00:00:00.000+08:00..${end}T00:00:00.000+08:00`)).toContain(
    `${sent.start}..${sent.end}`,
  );

  const row = page.getByTestId(`deposit-row-${deposit.orderNo}`);
  await expect(row.getByTestId('deposit-amount')).toHaveText('25.0000');
  await expect(row.getByTestId('deposit-amount')).toHaveAttribute('data-amount', '25');
  await expect(row.getByTestId('deposit-status')).toHaveText('Transaction complete');
  // The other fields are secondary columns: switched on in the column settings.
  await expect(row.getByTestId('deposit-hash')).toHaveCount(0);
  await showAllColumns(page);
  await expect(row.getByTestId('deposit-actual-amount')).toHaveAttribute('data-amount', '25');
  await expect(row.getByTestId('deposit-confirmations')).toHaveText(new RegExp(`^\\d+/${E2E_CONFIRMATIONS}$`));
  await expect(row.getByTestId('deposit-openid')).toHaveText(OPEN_ID);
  await expect(row.getByTestId('deposit-hash')).toHaveAttribute('data-hash', deposit.hash);
  await expect(row.getByTestId('deposit-hash')).toHaveText(short(deposit.hash));
  await expect(row.getByTestId('deposit-to')).toHaveText(short(deposit.toAddress));
  await expect(row.getByTestId('deposit-from')).toHaveAttribute('data-address', deposit.fromAddress);
  // Notified, or waiting for a callback address (none is set in this run, unless another spec set one).
  await expect(row.getByTestId('deposit-notify-status')).toHaveText(/^(Notifying|Success|Failure|No callback address)$/);
  await expect(page.getByTestId('summary-count')).toHaveText(/^Deposits: \d+$/);
  await expect(page.getByTestId(`summary-total-${E2E_CHAINS.devchain}-1`)).toBeVisible();

  // Filters narrow the list (and the summary).
  await (await filterField(page, 'filter-openid')).fill(OPEN_ID);
  expect(await search(page, PAGE_TX)).toMatchObject({ openId: OPEN_ID });
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByTestId('summary-count')).toHaveText('Deposits: 1');
  await expect(page.getByTestId(`summary-total-${E2E_CHAINS.devchain}-1`).getByTestId('summary-amount')).toHaveAttribute('data-amount', '25');
  await (await filterField(page, 'filter-openid')).fill('');
  await (await filterField(page, 'filter-hash')).fill(deposit.hash);
  expect(await search(page, PAGE_TX)).toMatchObject({ hash: deposit.hash });
  await expect(rows(page)).toHaveCount(1);
  await pickOption(page, 'filter-status', 'Void');
  expect(await search(page, PAGE_TX)).toMatchObject({ status: 11 });
  await expect(rows(page)).toHaveCount(0);
  await expect(page.getByTestId('summary-count')).toHaveText('Deposits: 0');
  await page.getByTestId('filter-reset').click();
  await pickOption(page, 'filter-chain', 'TRON');
  expect(await search(page, PAGE_TX)).toMatchObject({ chainId: E2E_CHAINS.tron });
  await expect(rows(page)).toHaveCount(0);
  await page.getByTestId('filter-reset').click();
  await expect(row).toBeVisible();

  // Detail drawer: every field, and the callback attempts (none: no callback address is set).
  await row.getByTestId('deposit-detail-open').click();
  const detail = page.getByTestId('deposit-detail-body');
  await expect(detail.getByTestId('detail-order-no')).toHaveText(deposit.orderNo);
  await expect(detail.getByTestId('detail-amount')).toHaveText('25.0000 USDT');
  await expect(detail.getByTestId('detail-amount')).toHaveAttribute('data-amount', '25');
  await expect(detail.getByTestId('detail-hash')).toHaveAttribute('data-hash', deposit.hash);
  await expect(detail.getByTestId('detail-to')).toHaveAttribute('data-address', deposit.toAddress);
  await expect(detail.getByTestId('detail-status')).toHaveText('Transaction complete');
  await expect(detail.getByTestId('detail-chain')).toHaveText(`Devchain (${E2E_CHAINS.devchain})`);
  await expect(detail.getByTestId('detail-attempts')).toContainText('No delivery attempt yet');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'deposit-detail.png') });
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // Re-push (30101), after a confirm; cancel first sends nothing.
  const pushes = countRequests(page, '/api/partner/deposit/push');
  await row.getByTestId('deposit-push').click();
  await page.getByTestId('deposit-push-cancel').filter({ visible: true }).click();
  await row.getByTestId('deposit-push').click();
  const [pushed] = await Promise.all([
    page.waitForRequest('**/api/partner/deposit/push'),
    page.getByTestId('deposit-push-sure').filter({ visible: true }).click(),
  ]);
  expect(pushed.postDataJSON()).toEqual({ id: deposit.id });
  await expect(toastText(page)).toHaveText('Queued: it goes out once a callback address is set');
  expect(pushes()).toBe(1);

  // CSV of the filter: UTF-8 with BOM, the exact strings.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('deposit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^deposits-\d{8}-\d{8}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toMatch(/^Order number,Merchant order number,OpenID,User ID,Chain,Token,Hash,/);
  const line = text.split('\r\n').find((entry) => entry.startsWith(`${deposit.orderNo},`));
  expect(line).toContain(`,${OPEN_ID},`);
  expect(line).toContain(`,${deposit.hash},${deposit.fromAddress},${deposit.toAddress},25,25,Transaction complete,`);
  await expect(toastText(page)).toHaveText(/^Exported \d+ rows$/);

  // The date range is required: cleared, Search sends nothing and says why.
  const lists = countRequests(page, PAGE_TX);
  await page.getByTestId('deposit-filters').locator('.ant-picker-range').hover();
  await page.getByTestId('deposit-filters').locator('.ant-picker-clear').click();
  await page.getByTestId('filter-search').click();
  await expect(page.getByText('A start and an end must be chosen')).toBeVisible();
  expect(lists()).toBe(0);
  const today = await browserDate(page);
  await typeDate(page, 'deposit-filters', 0, today);
  await page.getByTestId('filter-search').click();
  await expect(page.getByText('A start and an end must be chosen')).toBeVisible();
  expect(lists()).toBe(0);
  await typeDate(page, 'deposit-filters', 1, today);
  expect(await search(page, PAGE_TX)).toMatchObject({ start: `${today}T00:00:00.000+08:00` });
  await expect(page.getByText('A start and an end must be chosen')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'deposits.png') });
});

test('a dust deposit reads "Not credited" with its reason, never "0.0000", and the status filter selects it', async ({ page, env }) => {
  test.setTimeout(120_000);
  const session = await writer(env);
  const credited = await theDeposit(env);
  // Below the devchain's minimum (0.01) and below the 4 decimals shown.
  const dust = await makeDeposit(env, session.sessionCode, 'deposit-dust-1', '0.00005');
  expect(dust).toMatchObject({ amount: '0.00005', actualAmount: '0', status: 8, uncredited: true, note: 'dust' });

  await openAs(page, session, '/orders/deposit');
  const row = page.getByTestId(`deposit-row-${dust.orderNo}`);
  await expect(row.getByTestId('deposit-status')).toHaveText('Not credited');
  await expect(row.getByTestId('deposit-status-reason')).toHaveText('Below the minimum');
  await expect(row.getByTestId('deposit-amount')).toHaveText('< 0.0001');
  await row.getByTestId('deposit-amount').hover();
  await expect(page.locator('.ant-tooltip:visible')).toHaveText('0.00005');
  await expect(page.getByTestId(`deposit-row-${credited.orderNo}`).getByTestId('deposit-status')).toHaveText('Transaction complete');

  // The status filter's "Not credited" selects it and not the credited deposit; "Transaction complete" the other way round.
  await pickOption(page, 'filter-status', 'Not credited');
  const notCredited = await search(page, PAGE_TX);
  expect(notCredited).toMatchObject({ uncredited: true });
  expect(notCredited).not.toHaveProperty('status');
  await expect(row).toBeVisible();
  await expect(page.getByTestId(`deposit-row-${credited.orderNo}`)).toHaveCount(0);
  await expect(page.getByTestId('summary-uncredited')).toBeVisible();
  await expect(page.getByTestId('summary-complete')).toHaveAttribute('data-count', '0');
  await pickOption(page, 'filter-status', 'Transaction complete');
  expect(await search(page, PAGE_TX)).toMatchObject({ status: 8, uncredited: false });
  await expect(page.getByTestId(`deposit-row-${credited.orderNo}`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // The drawer and the transaction list say the same; in Chinese too.
  await page.getByTestId('filter-reset').click();
  await row.getByTestId('deposit-detail-open').click();
  const detail = page.getByTestId('deposit-detail-body');
  await expect(detail.getByTestId('detail-status')).toHaveText('Not credited');
  await expect(detail.getByTestId('detail-status-reason')).toHaveText('Below the minimum');
  await expect(detail.getByTestId('detail-amount')).toHaveText('< 0.0001 USDT');
  // Nothing about it is sent to the merchant: never "In callback"; both states say so.
  await expect(detail.getByTestId('detail-callback-status')).toHaveText('No notice required');
  await expect(detail.getByTestId('detail-notify-status')).toHaveText('No notice required');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'deposit-not-credited.png') });
  await page.keyboard.press('Escape');
  await openAs(page, session, '/transactions/transaction-list', 'zh-CN');
  const txRow = page.getByTestId(`tx-row-${dust.orderNo}`);
  await expect(txRow.getByTestId('tx-status')).toHaveText('未入账');
  await expect(txRow.getByTestId('tx-status-reason')).toHaveText('低于最小金额');
});

test('the transaction list shows the deposit with its type and re-pushes with 40201', async ({ page, env }) => {
  const session = await writer(env);
  const deposit = await theDeposit(env);
  await openAs(page, session, '/transactions/transaction-list');
  const row = page.getByTestId(`tx-row-${deposit.orderNo}`);
  await expect(row.getByTestId('tx-type')).toHaveText('Deposit');
  await expect(row.getByTestId('tx-amount')).toHaveAttribute('data-amount', '25');
  await expect(page.getByTestId('summary-count').first()).toHaveText(/^Deposits: \d+$/);
  await pickOption(page, 'filter-type', 'Deposit');
  expect(await search(page, '/api/partner/user/pageTx')).toMatchObject({ type: 1 });
  await expect(row).toBeVisible();

  await row.getByTestId('tx-push').click();
  const [pushed] = await Promise.all([
    page.waitForRequest('**/api/partner/user/tx/push'),
    page.getByTestId('tx-push-sure').filter({ visible: true }).click(),
  ]);
  expect(pushed.postDataJSON()).toEqual({ id: deposit.id, type: 1 });
  await expect(toastText(page)).toHaveText('Queued: it goes out once a callback address is set');
});

test('in Chinese the states are named in Chinese', async ({ page, env }) => {
  const session = await writer(env);
  const deposit = await theDeposit(env);
  await openAs(page, session, '/transactions/deposit-list', 'zh-CN');
  const row = page.getByTestId(`deposit-row-${deposit.orderNo}`);
  await expect(row.getByTestId('deposit-status')).toHaveText('交易完成');
  await expect(page.getByTestId('summary-count')).toHaveText(/^充值笔数：\d+$/);
});

test('a role without 30101 and 40201 sees the deposits without re-push', async ({ page, env }) => {
  const deposit = await theDeposit(env);
  const reader = await signInAs(env, USERS.depositReader);
  for (const [pathName, body] of [['/api/partner/deposit/push', { id: deposit.id }], ['/api/partner/user/tx/push', { id: deposit.id }]] as const) {
    expect((await call(env.baseURL, pathName, body, reader.sessionCode)).code).toBe(10403);
  }
  for (const [screen, prefix] of [['/orders/deposit', 'deposit'], ['/transactions/deposit-list', 'deposit'], ['/transactions/transaction-list', 'tx']]) {
    await openAs(page, reader, screen);
    const row = page.getByTestId(`${prefix}-row-${deposit.orderNo}`);
    await expect(row.getByTestId(`${prefix}-amount`)).toHaveAttribute('data-amount', '25');
    await expect(row.getByTestId(`${prefix}-detail-open`)).toBeVisible();
    await expect(page.getByTestId(`${prefix}-push`)).toHaveCount(0);
  }
  // The detail has no re-push either.
  await page.getByTestId(`tx-row-${deposit.orderNo}`).getByTestId('tx-detail-open').click();
  await expect(page.getByTestId('deposit-detail-body').getByTestId('detail-order-no')).toHaveText(deposit.orderNo);
  await expect(page.getByTestId('detail-push')).toHaveCount(0);
});
