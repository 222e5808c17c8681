import { expect, type Page } from '@playwright/test';
import { call } from './api';
import { freshTotp } from './totp';

// Helpers of the token specs (assets, hot wallets, addresses): API shortcuts and antd selects.

export interface HotWallet {
  id: number;
  chainId: number;
  address: string;
  status: number;
  remark: string;
  balanceError: boolean;
}

export interface AssetRow {
  id: number;
  chainId: number;
  tokenId: number;
  status: number;
  paymentAddress: string;
  collect: Record<string, unknown>;
  risk: Record<string, unknown>;
  coldAddresses: { address: string; ratio: string }[];
  coldStatus: number;
  applyStatus: number | null;
}

export interface TokenRequest {
  id: number;
  assetId: number;
  status: number;
  applyStatus: number;
}

export async function hotWallets(baseURL: string, token: string): Promise<{ list: HotWallet[]; total: number }> {
  const answer = await call<{ list: HotWallet[]; total: number }>(baseURL, '/api/v2/partner/hotwallet/page_list', { page: 1, pageSize: 100 }, token);
  expect(answer.code).toBe(1);
  return answer.data;
}

export async function addHotWallet(baseURL: string, token: string, chainId: number, remark: string): Promise<{ id: number; address: string }> {
  const answer = await call<{ id: number; address: string }>(baseURL, '/api/v2/partner/hotwallet/add', { chainId, remark }, token);
  expect(answer, JSON.stringify(answer)).toMatchObject({ code: 1 });
  return answer.data;
}

/** A hot wallet of the merchant on the chain, added when there is none. */
export async function hotWalletOn(baseURL: string, token: string, chainId: number, remark: string): Promise<string> {
  const existing = (await hotWallets(baseURL, token)).list.find((wallet) => wallet.chainId === chainId);
  return existing?.address ?? (await addHotWallet(baseURL, token, chainId, remark)).address;
}

export async function assets(baseURL: string, token: string): Promise<AssetRow[]> {
  const answer = await call<AssetRow[]>(baseURL, '/api/partner/asset/list', {}, token);
  expect(answer.code).toBe(1);
  return answer.data;
}

export async function tokenRequests(baseURL: string, token: string, assetId: number): Promise<TokenRequest[]> {
  const answer = await call<{ list: TokenRequest[] }>(baseURL, '/api/partner/token/request/getTokenRequests', { page: 1, pageSize: 100, assetId }, token);
  expect(answer.code).toBe(1);
  return answer.data.list;
}

/** Binds Google authenticator through the API; returns the secret and the time step used. */
export async function bindGoogle(baseURL: string, token: string): Promise<{ secret: string; counter: number }> {
  const started = await call<{ secret: string }>(baseURL, '/api/partner/google/code', {}, token);
  expect(started.code).toBe(1);
  const { code, counter } = await freshTotp(started.data.secret, null);
  const bound = await call(baseURL, '/api/partner/google/bind', { code }, token);
  expect(bound.code).toBe(1);
  return { secret: started.data.secret, counter };
}

/**
 * A list filter's field: when the filter line is folded and the field is among the folded
 * ones, More is clicked first (as a person would).
 */
export async function filterField(page: Page, testId: string) {
  const field = page.getByTestId(testId);
  const cell = page.getByTestId(`${testId}-cell`);
  // The bar folds once it has measured its width, a moment after the page shows: retried until
  // the field is in view, opening More (once) whenever the field's cell is folded.
  await expect(async () => {
    if ((await cell.count()) > 0 && !(await cell.isVisible())) {
      const more = page.getByTestId('filter-more');
      if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    }
    await expect(field).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  return field;
}

/** Opens the antd select with this test id (a folded filter's after More) and picks the option whose text matches. */
export async function pickOption(page: Page, testId: string, text: string | RegExp): Promise<void> {
  await (await filterField(page, testId)).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The address as the tables show it: first 6 + … + last 4. */
export const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Counts the calls the page makes to a path (to prove a refused form sent nothing). */
export function countRequests(page: Page, pathPart: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes(pathPart)) count += 1;
  });
  return () => count;
}
