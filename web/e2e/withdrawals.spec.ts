import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Session } from './api';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, type E2eEnv } from './fixtures';
import { USERS } from './users';
import { countRequests, pickOption } from './wallets';
import { Authenticator, fundPaymentWallet, passInDialog, randomAddress, requestWithdrawal, waitForStatus, type Withdrawal } from './withdrawals';

// Withdrawals against the real binary: the demo merchant's devchain USDT paid from a funded hot
// wallet (its payment address). Risk limits are the defaults (review at 1000 USDT and above), no
// risk-control address is set, and maker-checker is on: a second user reviews.

test.describe.configure({ mode: 'serial' });

const CHECK = '/api/partner/withdraw/check';

/** One sign-in per user (login codes: one per e-mail per 60 s); Google bound once for the makers and the checker (passing asks for it). */
const once = new Map<string, Promise<unknown>>();
const lazy = <T>(key: string, make: () => Promise<T>): Promise<T> => {
  if (!once.has(key)) once.set(key, make());
  return once.get(key) as Promise<T>;
};
const maker = (env: E2eEnv) => lazy('maker', async () => Authenticator.bind(env, await signInAs(env, USERS.withdrawMaker)));
const maker2 = (env: E2eEnv) => lazy('maker2', async () => Authenticator.bind(env, await signInAs(env, USERS.withdrawMaker2)));
const checker = (env: E2eEnv) => lazy('checker', async () => Authenticator.bind(env, await signInAs(env, USERS.withdrawChecker)));
const reader = (env: E2eEnv) => lazy('reader', () => signInAs(env, USERS.withdrawReader));
const funded = (env: E2eEnv) => lazy('funded', async () => fundPaymentWallet(env, (await maker(env)).session.sessionCode, '5000'));
/** Two withdrawals over the review minimum, by two users (no wait for a second code). */
const awaitingPair = (env: E2eEnv) =>
  lazy('pair', async () => {
    await funded(env);
    const [first, second] = await Promise.all([requestWithdrawal(env, await maker(env), '1500'), requestWithdrawal(env, await maker2(env), '1200.5')]);
    const token = (await checker(env)).session.sessionCode;
    return Promise.all([waitForStatus(env, token, first.orderNo, [1]), waitForStatus(env, token, second.orderNo, [1])]);
  });

/** Fills Token › Token withdraw for devchain USDT and submits; returns the created order number. */
async function withdrawInConsole(page: Page, who: Authenticator, amount: string): Promise<string> {
  await pickOption(page, 'withdraw-chain', 'Devchain');
  await pickOption(page, 'withdraw-token', /^USDT$/);
  await page.getByTestId('withdraw-to').fill(randomAddress());
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-google-code').fill(await who.next());
  const [request] = await Promise.all([page.waitForRequest('**/api/partner/withdraw'), page.getByTestId('withdraw-submit').click()]);
  expect(request.postDataJSON()).toMatchObject({ chainId: 1337, tokenId: 1, amount });
  const created = page.getByTestId('withdraw-created');
  await expect(created).toBeVisible();
  return (await created.getByTestId('withdraw-created-order-no').innerText()).trim();
}

const queueRow = (page: Page, orderNo: string) => page.getByTestId(`wd-row-${orderNo}`);

test('a: 5 USDT from Token › Token withdraw with the Google code completes, with its hash, in Orders › Withdraw', async ({ page, env }) => {
  test.setTimeout(150_000);
  const who = await maker(env);
  await funded(env);
  await openAs(page, who.session, '/token/withdraw');
  await expect(page.getByTestId('withdraw-google-code')).toBeVisible(); // /user/info at start-up: Google is bound

  // Refused in the form: an address of another family, too many decimals; nothing is sent.
  const sent = countRequests(page, '/api/partner/withdraw');
  await pickOption(page, 'withdraw-chain', 'Devchain');
  await pickOption(page, 'withdraw-token', /^USDT$/);
  await page.getByTestId('withdraw-to').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.getByTestId('withdraw-amount').fill('1.1234567');
  await page.getByTestId('withdraw-google-code').fill('12345');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('Invalid address for this chain')).toBeVisible();
  await expect(page.getByText('A positive amount with at most 6 decimals and 15 whole digits, without spaces')).toBeVisible();
  await expect(page.getByText('Must be a 6-digit number')).toBeVisible();
  expect(sent()).toBe(0);
  await page.reload();
  await expect(page.getByTestId('withdraw-google-code')).toBeVisible();

  const orderNo = await withdrawInConsole(page, who, '5');
  // Below the review minimum: once the server has screened it, the page says no review is needed.
  await expect(page.getByTestId('withdraw-created-passes')).toContainText('no review is needed', { timeout: 30_000 });
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'token-withdraw.png') });
  const done = await waitForStatus(env, who.session.sessionCode, orderNo, [8], 60_000);
  expect(done).toMatchObject({ amount: '5', actualAmount: '5', source: 2, createdBy: USERS.withdrawMaker.email, riskReasons: [] });
  expect(done.hash).toMatch(/^0x[0-9a-fA-F]{64}$/);

  await page.getByTestId('withdraw-created-link').click();
  await expect(page).toHaveURL(/#\/orders\/withdraw$/);
  const row = queueRow(page, orderNo);
  await expect(row.getByTestId('wd-status')).toHaveText('Transaction complete');
  await expect(row.getByTestId('wd-amount')).toHaveText('5.0000');
  await showAllColumns(page);
  await expect(row.getByTestId('wd-actual-amount')).toHaveAttribute('data-amount', '5');
  // The devchain has no block explorer (txurl ""), so the hash is shown with copy, not linked.
  await expect(row.getByTestId('wd-hash')).toHaveAttribute('data-hash', done.hash);
  await expect(row.getByTestId('wd-created-by')).toHaveText(USERS.withdrawMaker.email);
  await expect(page.getByTestId('summary-count')).toHaveText(/^Withdrawals: \d+$/);

  await row.getByTestId('wd-detail-open').click();
  const detail = page.getByTestId('wd-detail-body');
  await expect(detail.getByTestId('detail-status')).toHaveText('Transaction complete');
  await expect(detail.getByTestId('detail-hash')).toHaveAttribute('data-hash', done.hash);
  await expect(detail.getByTestId('detail-from')).toHaveAttribute('data-address', done.fromAddress);
  await expect(detail.getByTestId('detail-source')).toHaveText('Console');
  await expect(detail.getByTestId('detail-reviews')).toContainText('No review decision yet');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'withdraw-detail.png') });
  await page.keyboard.press('Escape');

  // The CSV holds the exact strings.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('wd-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^withdrawals-\d{8}-\d{8}\.csv$/);
  const text = readFileSync(await download.path()).toString('utf8').replace(/^\uFEFF/, '');
  const line = text.split('\r\n').find((entry) => entry.startsWith(`${orderNo},`));
  expect(line).toContain(`,${done.hash},${done.fromAddress},${done.toAddress},5,5,`);
  expect(line).toContain(',Transaction complete,');
});

test('b: 1500 USDT awaits review with its risk reason; maker-checker; reject needs a reason', async ({ page, env }) => {
  test.setTimeout(150_000);
  const who = await maker(env);
  await openAs(page, who.session, '/token/withdraw');
  await expect(page.getByTestId('withdraw-google-code')).toBeVisible();
  const orderNo = await withdrawInConsole(page, who, '1500');
  // Over the review minimum: the page says it waits for a review once the server decided so.
  await expect(page.getByTestId('withdraw-created-waits')).toContainText('It waits for a review', { timeout: 30_000 });
  await expect(page.getByTestId('withdraw-created')).toContainText('Withdrawal created: it waits for a review');
  const waiting = await waitForStatus(env, who.session.sessionCode, orderNo, [1]);
  expect(waiting.riskReasons).toEqual(['amount_over_review_minimum']);

  // The maker holds 40301, but may not pass its own order while another reviewer exists.
  await page.goto('/#/transactions/withdraw-check');
  const own = queueRow(page, orderNo);
  await showAllColumns(page);
  await expect(own.getByTestId('wd-risk')).toHaveText('Amount at or above the minimum review amount');
  await own.getByTestId('wd-pass').click();
  await passInDialog(page, who, 'wd-pass-sure');
  const refused = page.getByTestId('review-result');
  await expect(refused.getByTestId('result-summary')).toHaveText('0 of 1 passed');
  await expect(refused.getByTestId('result-ok')).toHaveText('Refused');
  await expect(refused.getByTestId('result-msg')).toHaveText('You cannot approve your own withdrawal');
  await refused.getByTestId('result-close').click();

  // The checker rejects: without a reason nothing is sent; with one the order is rejected.
  await openAs(page, (await checker(env)).session, '/transactions/withdraw-check');
  const row = queueRow(page, orderNo);
  await expect(row.getByTestId('wd-status')).toHaveText('Awaiting review');
  await showAllColumns(page);
  await expect(row.getByTestId('wd-risk')).toHaveText('Amount at or above the minimum review amount');
  const checks = countRequests(page, CHECK);
  await row.getByTestId('wd-reject').click();
  await page.getByTestId('reject-submit').click();
  await expect(page.getByText('Please give a reason for the rejection')).toBeVisible();
  expect(checks()).toBe(0);
  await page.getByTestId('reject-reason').fill('Payee not verified');
  const [request] = await Promise.all([page.waitForRequest(`**${CHECK}`), page.getByTestId('reject-submit').click()]);
  expect(request.postDataJSON()).toEqual({ ids: [waiting.id], action: 2, reason: 'Payee not verified' });
  const result = page.getByTestId('review-result');
  await expect(result.getByTestId('result-ok')).toHaveText('Done');
  await expect(result.getByTestId('result-order')).toHaveText(orderNo);
  await result.getByTestId('result-close').click();
  await expect(queueRow(page, orderNo)).toHaveCount(0); // no longer awaiting review
  const rejected = await waitForStatus(env, who.session.sessionCode, orderNo, [3]);
  expect(rejected).toMatchObject({ reason: 'Payee not verified', reviewer: USERS.withdrawChecker.email });

  // Orders › Withdraw: the decision is in the detail.
  await page.goto('/#/orders/withdraw');
  await queueRow(page, orderNo).getByTestId('wd-detail-open').click();
  const detail = page.getByTestId('wd-detail-body');
  await expect(detail.getByTestId('detail-status')).toHaveText('Reject');
  await expect(detail.getByTestId('detail-reason')).toHaveText('Payee not verified');
  await expect(detail.getByTestId('review-action')).toHaveText('Reject');
  await expect(detail.getByTestId('review-reason')).toHaveText('Payee not verified');
});

test('d: a role without 40301 sees the queue without review buttons', async ({ page, env }) => {
  test.setTimeout(120_000);
  const [first, second] = await awaitingPair(env);
  await openAs(page, await reader(env), '/transactions/withdraw-check');
  await expect(queueRow(page, first.orderNo).getByTestId('wd-status')).toHaveText('Awaiting review');
  await expect(queueRow(page, second.orderNo)).toBeVisible();
  for (const id of ['review-bar', 'batch-pass', 'one-click', 'wd-pass', 'wd-reject', 'wd-push']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  await expect(queueRow(page, first.orderNo).locator('.ant-checkbox-input')).toHaveCount(0);
  await page.goto('/#/orders/withdraw');
  await expect(queueRow(page, first.orderNo)).toBeVisible();
  await expect(page.getByTestId('wd-push')).toHaveCount(0);
});

test('c: two more over the limit, batch pass with per-row results; the progress reaches complete', async ({ page, env }) => {
  test.setTimeout(150_000);
  const [first, second] = await awaitingPair(env);
  const reviewer = await checker(env);
  await openAs(page, reviewer.session, '/transactions/withdraw-check');
  for (const row of [first, second]) {
    await queueRow(page, row.orderNo).locator('.ant-checkbox-input').check();
  }
  await expect(page.getByTestId('review-selected')).toHaveText('Selected: 2');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'withdraw-check.png') });
  await page.getByTestId('batch-pass').click();
  const [request] = await Promise.all([page.waitForRequest(`**${CHECK}`), passInDialog(page, reviewer, 'batch-pass-sure')]);
  const body = request.postDataJSON() as { ids: number[]; action: number; googleCode: string };
  expect(body.action).toBe(1);
  expect(body.googleCode).toMatch(/^\d{6}$/);
  expect([...body.ids].sort()).toEqual([first.id, second.id].sort());

  const result = page.getByTestId('review-result');
  await expect(result.getByTestId('result-summary')).toHaveText('2 of 2 passed');
  for (const row of [first, second]) {
    await expect(result.getByTestId(`result-row-${row.id}`).getByTestId('result-ok')).toHaveText('Done');
    await expect(result.getByTestId(`result-row-${row.id}`).getByTestId('result-order')).toHaveText(row.orderNo);
  }
  const progress = result.getByTestId('result-progress');
  await expect(progress).toHaveAttribute('data-outcome', 'done', { timeout: 90_000 });
  await expect(result.getByTestId('result-progress-text')).toHaveText('2 of the 2 passed reached a final state');
  for (const row of [first, second]) {
    await expect(result.getByTestId(`result-row-${row.id}`).getByTestId('result-status')).toHaveText('Transaction complete');
  }
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'withdraw-batch-pass.png') });
  await result.getByTestId('result-close').click();
  await expect(queueRow(page, first.orderNo)).toHaveCount(0); // the queue was read again

  const token = reviewer.session.sessionCode;
  for (const row of [first, second]) {
    const done: Withdrawal = await waitForStatus(env, token, row.orderNo, [8]);
    expect(done.reviewer).toBe(USERS.withdrawChecker.email);
    expect(done.actualAmount).toBe(row.amount);
  }
});

test('e: a role that may withdraw but list nothing is told its order waits for a review', async ({ page, env }) => {
  test.setTimeout(120_000);
  await funded(env);
  const who = await Authenticator.bind(env, await signInAs(env, USERS.withdrawCreator));
  await openAs(page, who.session, '/token/withdraw');
  await expect(page.getByTestId('withdraw-google-code')).toBeVisible();
  const orderNo = await withdrawInConsole(page, who, '1000');
  // The server lets the creator follow its own order: the page says what the screening decided.
  await expect(page.getByTestId('withdraw-created-waits')).toContainText('It waits for a review', { timeout: 30_000 });
  await expect(page.getByTestId('withdraw-created')).toContainText('Withdrawal created: it waits for a review');
  await expect(page.getByTestId('withdraw-created-status')).toHaveText('Awaiting review');
  await expect(page.getByTestId('withdraw-created-link')).toHaveCount(0); // no list to follow it in
  const held = await waitForStatus(env, (await checker(env)).session.sessionCode, orderNo, [1]);
  expect(held).toMatchObject({ createdBy: USERS.withdrawCreator.email, riskReasons: ['amount_over_review_minimum'] });
});

test('f: in Orders › Withdraw an order awaiting review is passed from its detail with the Google code', async ({ page, env }) => {
  test.setTimeout(150_000);
  await funded(env);
  const held = await requestWithdrawal(env, await maker2(env), '1000');
  const reviewer = await checker(env);
  await waitForStatus(env, reviewer.session.sessionCode, held.orderNo, [1]);
  const detail = page.getByTestId('wd-detail-body');

  // Without 40301 the detail shows the order and offers no review.
  await openAs(page, await reader(env), '/orders/withdraw');
  await queueRow(page, held.orderNo).getByTestId('wd-detail-open').click();
  await expect(detail.getByTestId('detail-status')).toHaveText('Awaiting review');
  await expect(page.getByTestId('detail-pass')).toHaveCount(0);
  await expect(page.getByTestId('detail-reject')).toHaveCount(0);

  await openAs(page, reviewer.session, '/orders/withdraw');
  await expect(page.getByTestId('screen-purpose')).toContainText('Business orders');
  const row = queueRow(page, held.orderNo);
  await expect(row.getByTestId('wd-status')).toHaveText('Awaiting review');
  await row.getByTestId('wd-detail-open').click();
  await expect(detail.getByTestId('detail-status')).toHaveText('Awaiting review');
  await expect(page.getByTestId('detail-reject')).toBeVisible();
  await page.getByTestId('detail-pass').click();
  const [request] = await Promise.all([page.waitForRequest(`**${CHECK}`), passInDialog(page, reviewer, 'detail-pass-sure')]);
  expect(request.postDataJSON()).toMatchObject({ ids: [held.id], action: 1 });
  const result = page.getByTestId('review-result');
  await expect(result.getByTestId('result-ok')).toHaveText('Done');
  await expect(result.getByTestId('result-order')).toHaveText(held.orderNo);
  // The list and the detail are read again at once: the order no longer waits, no review is offered.
  await expect(row.getByTestId('wd-status')).not.toHaveText('Awaiting review');
  await expect(page.getByTestId('detail-pass')).toHaveCount(0);
  await expect(result.getByTestId('result-progress')).toHaveAttribute('data-outcome', 'done', { timeout: 90_000 });
  await result.getByTestId('result-close').click();
  await expect(row.getByTestId('wd-status')).toHaveText('Transaction complete');
  await expect(detail.getByTestId('detail-status')).toHaveText('Transaction complete');
  await expect(detail.getByTestId('review-action')).toHaveText('Pass');
  const done = await waitForStatus(env, reviewer.session.sessionCode, held.orderNo, [8]);
  expect(done.reviewer).toBe(USERS.withdrawChecker.email);
});

test('the withdrawal screens fit a 390 px screen', async ({ page, env }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session: Session = (await checker(env)).session;
  for (const screen of ['/token/withdraw', '/orders/withdraw', '/transactions/withdraw-check', '/transactions/withdraw-list']) {
    await openAs(page, session, screen);
    await expect(page.locator(screen === '/token/withdraw' ? '[data-testid="withdraw-form"]' : '.ant-table').first()).toBeVisible();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }
});
