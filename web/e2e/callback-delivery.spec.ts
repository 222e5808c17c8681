import { createVerify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { apiSignIn, call, type Session } from './api';
import { enableDevUsdt, makeDeposit, search } from './deposits';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, test, toastText, type E2eEnv } from './fixtures';
import { filterField } from './wallets';
import { E2E_CALLBACK_MAX_ATTEMPTS, coffer } from './server';
import { ALL_MENUS } from './users';

// Signed callbacks end to end: a receiver inside the test (node:http on 127.0.0.1, allowed by
// the run's `[callbacks] allow_private_targets`), real devchain deposits, the signature checked
// with node:crypto and the platform public key, then the delivery as the console shows it.
// The callback address is set through the API for the demo merchant and cleared at the end:
// the other specs expect none.

const PAGE = '/api/partner/callback/page';
/** A user of the demo merchant that may set the callback address (80402), made for this file. */
const USER = { email: 'callback-delivery@coffer.local', password: 'CallbackDelivery-Pass-2026' };

interface Callback {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: { eventId: string; event: string; orderNo: string; openId: string; amount: string; hash: string; status: number; chainId: number; symbol: string; seq: number; occurredAt: string };
  /** What the receiver answered. */
  reply: string;
}

/** Records every callback; answers {"code":1} for the OpenIDs in `failing`, else {"code":0}. */
class Receiver {
  readonly calls: Callback[] = [];
  readonly failing = new Set<string>();
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body = {} as Callback['body'];
        try {
          body = JSON.parse(rawBody) as Callback['body'];
        } catch {
          // recorded as is; the test fails on it
        }
        const reply = this.failing.has(body.openId) ? '{"code":1}' : '{"code":0}';
        this.calls.push({ headers: req.headers, rawBody, body, reply });
        res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/coffer/callback`;
  }

  of(orderNo: string, event: string): Callback[] {
    return this.calls.filter((c) => c.body.orderNo === orderNo && c.body.event === event);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

interface EventRow {
  eventId: string;
  orderNo: string;
  event: string;
  status: number;
  attempts: number;
  lastHttpStatus: number | null;
}

const receiver = new Receiver();
let ready: Promise<Session> | null = null;
let session: Session | null = null;

/** Once per file: the user, the receiver, USDT enabled, and the callback address set. */
const setUp = (env: E2eEnv) =>
  (ready ??= (async () => {
    coffer(env.dataDir, ['admin', 'user', 'add', '--email', USER.email, '--password', USER.password, '--menus', `${ALL_MENUS},80402`]);
    session = await apiSignIn(env.baseURL, env.dataDir, USER.email, USER.password);
    await receiver.start();
    await enableDevUsdt(env, session.sessionCode);
    const saved = await call<{ callbackUrl: string }>(env.baseURL, '/api/partner/callbackurl/save', { callbackUrl: receiver.url }, session.sessionCode);
    expect(saved, JSON.stringify(saved)).toMatchObject({ code: 1, data: { callbackUrl: receiver.url } });
    return session;
  })());

test.afterAll(async () => {
  const baseURL = process.env.COFFER_E2E_BASE_URL;
  if (session && baseURL) {
    const cleared = await call(baseURL, '/api/partner/callbackurl/save', { callbackUrl: '' }, session.sessionCode);
    expect(cleared.code).toBe(1);
  }
  await receiver.stop();
});

async function eventOf(env: E2eEnv, token: string, orderNo: string, event: string): Promise<EventRow | undefined> {
  const answer = await call<{ list: EventRow[] }>(env.baseURL, PAGE, { page: 1, pageSize: 100, orderNo }, token);
  expect(answer.code).toBe(1);
  return answer.data.list.find((row) => row.event === event);
}

/** Opens the callback log filtered to one order, with every column (the last HTTP status is a secondary one). */
async function openLog(page: import('@playwright/test').Page, token: Session, orderNo: string) {
  await openAs(page, token, '/system/callback');
  await (await filterField(page, 'filter-order-no')).fill(orderNo);
  expect(await search(page, PAGE)).toMatchObject({ orderNo });
  await showAllColumns(page);
}

test('a deposit’s callback arrives signed by the platform key; the log shows the delivery', async ({ page, env }) => {
  test.setTimeout(120_000);
  const user = await setUp(env);
  const deposit = await makeDeposit(env, user.sessionCode, 'delivery-user-1', '3.5');
  await expect.poll(() => receiver.of(deposit.orderNo, 'deposit.confirmed').length, { timeout: 30_000 }).toBeGreaterThan(0);
  const [confirmed] = receiver.of(deposit.orderNo, 'deposit.confirmed');

  // The body is the deposit; the headers name the event and the key; the signature verifies.
  expect(confirmed.body).toMatchObject({ event: 'deposit.confirmed', orderNo: deposit.orderNo, openId: 'delivery-user-1', amount: '3.5', status: 8, chainId: 1337, symbol: 'USDT', hash: deposit.hash });
  expect(confirmed.headers['x-coffer-event-id']).toBe(confirmed.body.eventId);
  expect(confirmed.headers['content-type']).toContain('application/json');
  const secret = await call<{ platformKeyId: string; platformPublicKey: string }>(env.baseURL, '/api/partner/secret', {}, user.sessionCode);
  expect(secret.code).toBe(1);
  expect(confirmed.headers['x-coffer-key-id']).toBe(secret.data.platformKeyId);
  const timestamp = String(confirmed.headers['x-coffer-timestamp']);
  expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(120_000);
  const signature = String(confirmed.headers['x-coffer-signature']);
  const verifies = (message: string) => createVerify('RSA-SHA256').update(message).verify(secret.data.platformPublicKey, signature, 'base64');
  expect(verifies(`${timestamp}\n${confirmed.rawBody}`)).toBe(true);
  expect(verifies(`${timestamp}\n${confirmed.rawBody.replace('"3.5"', '"35"')}`)).toBe(false);
  expect(verifies(`${Number(timestamp) + 1}\n${confirmed.rawBody}`)).toBe(false);
  // deposit.confirming is its own event: delivered before the confirmed one (lower seq), or, when
  // the deposit completed first, superseded and never sent after it.
  expect(confirmed.body.seq).toBe(2);
  expect(String(confirmed.body.occurredAt)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const [confirming] = receiver.of(deposit.orderNo, 'deposit.confirming');
  if (confirming) {
    expect(confirming.headers['x-coffer-event-id']).not.toBe(confirmed.body.eventId);
    expect(confirming.body.seq).toBe(1);
  } else {
    await expect.poll(async () => (await eventOf(env, user.sessionCode, deposit.orderNo, 'deposit.confirming'))?.status, { timeout: 15_000 }).toBe(3);
  }

  // The console: delivered at the first attempt, HTTP 200.
  const eventId = confirmed.body.eventId;
  await expect.poll(async () => (await eventOf(env, user.sessionCode, deposit.orderNo, 'deposit.confirmed'))?.status, { timeout: 15_000 }).toBe(1);
  await openLog(page, user, deposit.orderNo);
  const row = page.getByTestId(`callback-row-${eventId}`);
  await expect(row.getByTestId('callback-status')).toHaveText('Success');
  await expect(row.getByTestId('callback-attempts')).toHaveText('1');
  await expect(row.getByTestId('callback-last-http')).toHaveText('200');
  await row.locator('.ant-table-row-expand-icon').click();
  const attempts = page.getByTestId(`event-attempts-${eventId}`);
  await expect(attempts.locator('[data-testid^="attempt-row-"]')).toHaveCount(1);
  await expect(attempts.getByTestId('attempt-result')).toHaveText('Success');
  await expect(attempts.getByTestId('attempt-http')).toHaveText('200');
  await expect(attempts.getByTestId('attempt-url')).toHaveText(receiver.url);
  await expect(attempts.getByTestId('attempt-response')).toHaveText('{"code":0}');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'callback-delivered.png') });
});

test('a callback answered with code 1 fails; a re-push after the fix delivers it', async ({ page, env }) => {
  test.setTimeout(120_000);
  const user = await setUp(env);
  receiver.failing.add('delivery-user-2');
  const deposit = await makeDeposit(env, user.sessionCode, 'delivery-user-2', '4.25');

  // Every attempt is answered {"code":1}: retried once (1 s later), then failed.
  let event: EventRow | undefined;
  await expect
    .poll(async () => {
      event = await eventOf(env, user.sessionCode, deposit.orderNo, 'deposit.confirmed');
      return event && [event.status, event.attempts];
    }, { timeout: 30_000 })
    .toEqual([2, E2E_CALLBACK_MAX_ATTEMPTS]);
  const sent = receiver.of(deposit.orderNo, 'deposit.confirmed');
  expect(sent.map((c) => c.reply)).toEqual(Array(E2E_CALLBACK_MAX_ATTEMPTS).fill('{"code":1}'));
  // Every attempt carries the same event id and the same bytes.
  expect(new Set(sent.map((c) => c.headers['x-coffer-event-id']))).toEqual(new Set([event!.eventId]));
  expect(new Set(sent.map((c) => c.rawBody)).size).toBe(1);

  await openLog(page, user, deposit.orderNo);
  const row = page.getByTestId(`callback-row-${event!.eventId}`);
  await expect(row.getByTestId('callback-status')).toHaveText('Failed');
  await expect(row.getByTestId('callback-attempts')).toHaveText(String(E2E_CALLBACK_MAX_ATTEMPTS));
  await expect(row.getByTestId('callback-last-http')).toHaveText('200');
  await row.locator('.ant-table-row-expand-icon').click();
  const attempts = page.getByTestId(`event-attempts-${event!.eventId}`);
  await expect(attempts.locator('[data-testid^="attempt-row-"]')).toHaveCount(E2E_CALLBACK_MAX_ATTEMPTS);
  for (const result of await attempts.getByTestId('attempt-result').all()) await expect(result).toHaveText('Failed');
  for (const status of await attempts.getByTestId('attempt-http').all()) await expect(status).toHaveText('200');
  await expect(attempts.getByTestId('attempt-response').first()).toHaveText('{"code":1}');
  await expect(attempts.getByText('the reply is not JSON with code 0').first()).toBeVisible();
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'callback-failed.png') });

  // The merchant fixes its endpoint, then re-pushes from the console (80401).
  receiver.failing.delete('delivery-user-2');
  await row.getByTestId('callback-push').click();
  const [pushed] = await Promise.all([
    page.waitForRequest('**/api/partner/callback/push'),
    page.getByTestId('callback-push-sure').filter({ visible: true }).click(),
  ]);
  expect(pushed.postDataJSON()).toEqual({ eventId: event!.eventId });
  await expect(toastText(page)).toHaveText(/^Delivered: HTTP 200, code 0, \d+ ms$/);
  await expect.poll(() => receiver.of(deposit.orderNo, 'deposit.confirmed').map((c) => c.reply).at(-1), { timeout: 15_000 }).toBe('{"code":0}');
  await expect.poll(async () => (await eventOf(env, user.sessionCode, deposit.orderNo, 'deposit.confirmed'))?.status, { timeout: 15_000 }).toBe(1);

  await openLog(page, user, deposit.orderNo);
  await expect(row.getByTestId('callback-status')).toHaveText('Success');
  await expect(row.getByTestId('callback-attempts')).toHaveText(String(E2E_CALLBACK_MAX_ATTEMPTS + 1));
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(attempts.locator('[data-testid^="attempt-row-"]')).toHaveCount(E2E_CALLBACK_MAX_ATTEMPTS + 1);
  // Newest first: the re-pushed attempt succeeded.
  await expect(attempts.getByTestId('attempt-result').first()).toHaveText('Success');
  await expect(attempts.getByTestId('attempt-http').first()).toHaveText('200');
  await expect(attempts.getByTestId('attempt-response').first()).toHaveText('{"code":0}');
});
