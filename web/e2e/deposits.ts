import { expect, type Page } from '@playwright/test';
import { call } from './api';
import type { E2eEnv } from './fixtures';
import { E2E_CHAINS, E2E_TOKENS, coffer } from './server';
import { DEMO } from './users';
import { assets, hotWalletOn } from './wallets';

// Helpers of the deposit and callback specs: real devchain deposits to the demo merchant.

export interface Deposit {
  id: number;
  type: number;
  orderNo: string;
  openId: string;
  hash: string;
  fromAddress: string;
  toAddress: string;
  amount: string;
  actualAmount: string;
  status: number;
  /** Never credited, whatever `status` says; why is `note`. */
  uncredited: boolean;
  note: string;
  callbackStatus: number;
  notifyStatus: number;
  confirmations: number;
  requiredConfirmations: number;
  /** RFC 3339, UTC: the instant the order counts by (lists' period, reports' day). */
  createtime: string;
}

export interface CallbackEvent {
  eventId: string;
  orderNo: string;
  event: string;
  status: number;
  attempts: number;
}

/** A period around now wide enough for any zone: yesterday to tomorrow (UTC dates). */
export function widePeriod(): { start: string; end: string } {
  const day = 86_400_000;
  const date = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
  return { start: `${date(-2 * day)}T00:00:00Z`, end: `${date(2 * day)}T00:00:00Z` };
}

/**
 * USDT on the devchain enabled for the demo merchant (with a hot wallet as payment address), so
 * deposits are credited and notified; without it they are recorded as 'unsupported'.
 */
export async function enableDevUsdt(env: E2eEnv, token: string): Promise<void> {
  const enabled = (await assets(env.baseURL, token)).some(
    (asset) => asset.chainId === E2E_CHAINS.devchain && asset.tokenId === E2E_TOKENS.devUsdt,
  );
  if (enabled) return;
  const paymentAddress = await hotWalletOn(env.baseURL, token, E2E_CHAINS.devchain, 'deposits e2e');
  const added = await call(env.baseURL, '/api/partner/asset/add_v2', {
    chainId: E2E_CHAINS.devchain,
    tokenId: E2E_TOKENS.devUsdt,
    paymentAddress,
    collect: { autoCollect: false, collectType: 1, startTime: '00:00', intervalHours: 24, minCollectAmount: '0', minSplitAmount: '0' },
    risk: { minReviewAmount: '1000', maxDailyCount: 100, dailyLimit: '100000' },
  }, token);
  // Another spec may have enabled it meanwhile (17004: the token is already added).
  expect([1, 17004], JSON.stringify(added)).toContain(added.code);
}

/** The devchain deposit address of an end user of a merchant (derived once, the same afterwards). */
export function depositAddress(env: E2eEnv, openId: string, merchantEmail: string = DEMO.email): string {
  const out = coffer(env.dataDir, ['admin', 'address', 'new', '--email', merchantEmail, '--chain', String(E2E_CHAINS.devchain), '--openid', openId]);
  return out.trim().split('\n').at(-1)!.trim();
}

export async function listDeposits(env: E2eEnv, token: string, filters: object = {}): Promise<{ list: Deposit[]; total: number }> {
  const answer = await call<{ list: Deposit[]; total: number }>(
    env.baseURL, '/api/partner/deposit/pageTx', { page: 1, pageSize: 100, ...widePeriod(), ...filters }, token,
  );
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data;
}

/**
 * Sends `amount` USDT from the devchain's player wallet to the user's deposit address, mines
 * blocks, and waits until the server lists the deposit as 'Transaction complete' (8).
 */
export async function makeDeposit(env: E2eEnv, token: string, openId: string, amount: string, merchantEmail: string = DEMO.email): Promise<Deposit> {
  const to = depositAddress(env, openId, merchantEmail);
  const sent = coffer(env.dataDir, ['admin', 'devchain', 'send', '--to', to, '--amount', amount, '--token', 'USDT']);
  const hash = /\btx (0x[0-9a-fA-F]{64})\b/.exec(sent)?.[1];
  expect(hash, sent).toBeTruthy();
  coffer(env.dataDir, ['admin', 'devchain', 'mine', '--blocks', '4']);
  let found: Deposit | undefined;
  await expect
    .poll(async () => {
      found = (await listDeposits(env, token, { hash })).list[0];
      return found?.status;
    }, { timeout: 45_000, intervals: [500] })
    .toBe(8);
  return found!;
}

/** The callback events of an order (newest first). */
export async function callbackEvents(env: E2eEnv, token: string, orderNo: string): Promise<CallbackEvent[]> {
  const answer = await call<{ list: CallbackEvent[] }>(env.baseURL, '/api/partner/callback/page', { page: 1, pageSize: 100, orderNo }, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.list;
}

/** Today's date as the browser's date picker sees it (offset in days). */
export const browserDate = (page: Page, offsetDays = 0) =>
  page.evaluate((offset) => {
    const now = new Date(Date.now() + offset * 86_400_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }, offsetDays);

/** Types a date into one end of the range picker of a filter bar. */
export async function typeDate(page: Page, bar: string, index: 0 | 1, date: string): Promise<void> {
  const input = page.getByTestId(bar).locator('.ant-picker input').nth(index);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

/** Clicks Search and returns the body of the list request it sends. */
export async function search(page: Page, path: string): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([page.waitForRequest(`**${path}`), page.getByTestId('filter-search').click()]);
  return request.postDataJSON() as Record<string, unknown>;
}
