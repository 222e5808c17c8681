import path from 'node:path';
import { call, type Session } from './api';
import { callbackEvents, enableDevUsdt, makeDeposit, search, type CallbackEvent, type Deposit } from './deposits';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { USERS } from './users';
import { pickOption, filterField } from './wallets';

// System › Callback (804): the notifications of a real devchain deposit. No callback address
// is set in this run (its setting is another screen's), so events wait 'In callback' with no
// attempt; a re-push makes them due again at once.

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
  await expect(page.getByTestId('callback-url-card')).toContainText('Callback address');
  await (await filterField(page, 'filter-order-no')).fill(` ${deposit.orderNo} `);
  expect(await search(page, PAGE)).toMatchObject({ page: 1, pageSize: 20, orderNo: deposit.orderNo });
  await expect(page.locator('[data-testid^="callback-row-"]')).toHaveCount(events.length);

  const row = page.getByTestId(`callback-row-${confirmed.eventId}`);
  await expect(row.getByTestId('callback-event-id')).toHaveText(confirmed.eventId);
  await expect(row.getByTestId('callback-order-no')).toHaveText(deposit.orderNo);
  await expect(row).toContainText('deposit.confirmed');
  await expect(row.getByTestId('callback-status')).toHaveText('In callback');
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
