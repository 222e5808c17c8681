import path from 'node:path';
import { call, type Session } from './api';
import { callbackEvents, enableDevUsdt, listDeposits, makeDeposit, search, type CallbackEvent, type Deposit } from './deposits';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { USERS } from './users';
import { pickOption, filterField } from './wallets';

// System › Callback (804): the notifications of a real devchain deposit. No callback address
// is set in this run (its setting is another screen's), so events wait with no attempt and say
// 'No callback address', in the log and on the order; a re-push makes them due again at once.

const PAGE = '/api/partner/callback/page';

let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.callbacks));
let made: Promise<{ deposit: Deposit; events: CallbackEvent[] }> | null = null;
const theDeposit = (env: E2eEnv) =>
  (made ??= writer(env).then(async (session) => {
    await enableDevUsdt(env, session.sessionCode);
    const deposit = await makeDeposit(env, session.sessionCode, 'callback-user-1', '7.5');
    let events: CallbackEvent[] = [];
    await expect
      .poll(async () => {
        events = await callbackEvents(env, session.sessionCode, deposit.orderNo);
        return events.map((event) => event.event);
      }, { timeout: 20_000 })
      .toContain('deposit.confirmed');
    return { deposit, events };
  }));

test('the callback log lists a deposit’s events, their attempts, and re-pushes one', async ({ page, env }) => {
  test.setTimeout(90_000);
  const session = await writer(env);
  const { deposit, events } = await theDeposit(env);
  const confirmed = events.find((event) => event.event === 'deposit.confirmed')!;

  await openAs(page, session, '/system/callback');
  await expect(page.getByTestId('callback-url-setting')).toContainText('Callback address');
  await (await filterField(page, 'filter-order-no')).fill(` ${deposit.orderNo} `);
  expect(await search(page, PAGE)).toMatchObject({ page: 1, pageSize: 20, orderNo: deposit.orderNo });
  await expect(page.locator('[data-testid^="callback-row-"]')).toHaveCount(events.length);

  const row = page.getByTestId(`callback-row-${confirmed.eventId}`);
  await expect(row.getByTestId('callback-event-id')).toHaveText(confirmed.eventId);
  await expect(row.getByTestId('callback-order-no')).toHaveText(deposit.orderNo);
  await expect(row).toContainText('deposit.confirmed');
  await expect(row.getByTestId('callback-status')).toHaveText('No callback address');
  await expect(row.getByTestId('callback-status')).toHaveAttribute('data-value', '0'); // pending
  await expect(row.getByTestId('callback-attempts')).toHaveText('0');
  await showAllColumns(page); // the HTTP status and the times are secondary columns
  await expect(row.getByTestId('callback-last-http')).toHaveText('—');

  // Expanded: its attempts (none without a callback address).
  const [attemptsRequest] = await Promise.all([
    page.waitForRequest('**/api/partner/callback/attempts'),
    row.locator('.ant-table-row-expand-icon').click(),
  ]);
  expect(attemptsRequest.postDataJSON()).toEqual({ eventId: confirmed.eventId });
  await expect(page.getByTestId(`event-attempts-${confirmed.eventId}`)).toContainText('No delivery attempt yet');

  // Status filter: nothing of this order was delivered yet.
  await pickOption(page, 'filter-status', 'Success');
  expect(await search(page, PAGE)).toMatchObject({ status: 1, orderNo: deposit.orderNo });
  await expect(page.locator('[data-testid^="callback-row-"]')).toHaveCount(0);
  await page.getByTestId('filter-reset').click();
  await (await filterField(page, 'filter-order-no')).fill(deposit.orderNo);
  await search(page, PAGE);

  // Re-push (80401), after a confirm: the event is due again now.
  await row.getByTestId('callback-push').click();
  const [pushed] = await Promise.all([
    page.waitForRequest('**/api/partner/callback/push'),
    page.getByTestId('callback-push-sure').filter({ visible: true }).click(),
  ]);
  expect(pushed.postDataJSON()).toEqual({ eventId: confirmed.eventId });
  await expect(toastText(page)).toHaveText('Queued: it goes out once a callback address is set');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'callbacks.png') });
});

test('a role without 80401 reads the log without re-push', async ({ page, env }) => {
  const { deposit, events } = await theDeposit(env);
  const reader = await signInAs(env, USERS.callbackReader);
  const refused = await call(env.baseURL, '/api/partner/callback/push', { eventId: events[0].eventId }, reader.sessionCode);
  expect(refused.code).toBe(10403);

  await openAs(page, reader, '/system/callback');
  await (await filterField(page, 'filter-order-no')).fill(deposit.orderNo);
  await search(page, PAGE);
  await expect(page.locator('[data-testid^="callback-row-"]')).toHaveCount(events.length);
  await expect(page.getByTestId('callback-push')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

test('without a callback address, the order says "No callback address", not "In callback" / "Notifying"', async ({ page, env }) => {
  test.setTimeout(90_000);
  const session = await writer(env);
  const { deposit } = await theDeposit(env);
  const settings = await call<{ callbackUrl: string }>(env.baseURL, '/api/partner/secret', {}, session.sessionCode);
  expect(settings.data?.callbackUrl, 'this spec needs the demo merchant without a callback address').toBe('');
  // The server's own states: a callback pending, the end user being notified.
  const listed = await listDeposits(env, session.sessionCode, { orderNo: deposit.orderNo });
  expect(listed.list[0]).toMatchObject({ callbackStatus: 0, notifyStatus: 1 });

  const words = { en: 'No callback address', 'zh-CN': '未设置回调地址', 'zh-HK': '未設置回調地址' };
  for (const [lang, text] of Object.entries(words)) {
    await openAs(page, session, '/orders/deposit', lang);
    const row = page.getByTestId(`deposit-row-${deposit.orderNo}`);
    await expect(row).toBeVisible();
    await showAllColumns(page); // the callback and notification columns are secondary
    await expect(row.getByTestId('deposit-callback-status')).toHaveText(text);
    await expect(row.getByTestId('deposit-notify-status')).toHaveText(text);
    await row.getByTestId('deposit-detail-open').click();
    const detail = page.getByTestId('deposit-detail-body');
    await expect(detail.getByTestId('detail-callback-status')).toHaveText(text);
    await expect(detail.getByTestId('detail-notify-status')).toHaveText(text);
  }
});

test('the Callback page’s cards look like every other card (header, title, body)', async ({ page, env }) => {
  /** What makes a card look the way it does: its size, header, title and body. */
  const look = (testId: string) =>
    page.getByTestId(testId).evaluate((card) => {
      const style = (selector: string) => {
        const node = card.querySelector(selector);
        if (!node) return null;
        const css = getComputedStyle(node);
        return { fontSize: css.fontSize, fontWeight: css.fontWeight, minHeight: css.minHeight, padding: css.padding };
      };
      return {
        small: card.classList.contains('ant-card-small'),
        head: style(':scope > .ant-card-head'),
        title: style(':scope > .ant-card-head .ant-card-head-title'),
        body: style(':scope > .ant-card-body'),
      };
    });
  // System › API key's cards, as every settings card of the console.
  await openAs(page, env.shared, '/system/api-key');
  await expect(page.getByTestId('platform-key-card')).toBeVisible();
  const settingsCard = await look('platform-key-card');
  expect(settingsCard.head).not.toBeNull();

  await openAs(page, env.shared, '/system/callback');
  // One card: the two addresses sit on a strip inside it, above the log.
  const log = page.getByTestId('callback-log');
  await expect(log.getByTestId('callback-url-unset').or(log.getByTestId('callback-url'))).toBeVisible();
  await expect(log.getByTestId('risk-url-setting')).toBeVisible();
  await expect(page.locator('.ant-card')).toHaveCount(1);
  expect(await look('callback-log')).toEqual(settingsCard);
});
