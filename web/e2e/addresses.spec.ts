import path from 'node:path';
import { call, type Session } from './api';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { E2E_CHAINS, coffer } from './server';
import { DEMO, USERS } from './users';
import { pickOption, short, filterField } from './wallets';

// Token > Wallet address (menu 202): the deposit addresses of the merchant's end users (OpenID),
// created here with `coffer admin address new`; filters and the remark.

interface DepositRow {
  id: number;
  chainId: number;
  openId: string;
  address: string;
  remark: string;
}

let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.addresses));

/** The deposit address of an end user on a chain (derived on first use, the same afterwards). */
function newAddress(env: E2eEnv, chain: number, openId: string): string {
  const out = coffer(env.dataDir, ['admin', 'address', 'new', '--email', DEMO.email, '--chain', String(chain), '--openid', openId]);
  return out.trim().split('\n').at(-1)!.trim();
}

async function depositRows(env: E2eEnv, token: string, filters: object = {}): Promise<DepositRow[]> {
  const answer = await call<{ list: DepositRow[] }>(env.baseURL, '/api/partner/address/pagelist', { page: 1, pageSize: 100, ...filters }, token);
  expect(answer.code).toBe(1);
  return answer.data.list;
}

test('deposit addresses from the CLI are listed, filtered, and their remark edited', async ({ page, env }) => {
  const dev1 = newAddress(env, E2E_CHAINS.devchain, 'user-1');
  const dev2 = newAddress(env, E2E_CHAINS.devchain, 'user-2');
  const evm1 = newAddress(env, E2E_CHAINS.evm, 'user-1');
  const tron1 = newAddress(env, E2E_CHAINS.tron, 'user-1');
  expect(dev1).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(evm1).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(tron1).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  expect(new Set([dev1, dev2]).size).toBe(2); // never given to another user
  expect(newAddress(env, E2E_CHAINS.devchain, 'user-1')).toBe(dev1); // one per user and chain

  const session = await writer(env);
  await openAs(page, session, '/token/wallet-address');
  const row = page.getByTestId(`deposit-row-${E2E_CHAINS.devchain}-user-1`);
  await expect(row.getByTestId('deposit-address')).toHaveText(short(dev1));
  await expect(row.getByTestId('deposit-address')).toHaveAttribute('data-address', dev1);
  await expect(row).toContainText('Devchain');
  await showAllColumns(page); // the time is a secondary column
  await expect(row.locator('td').nth(4)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.tron}-user-1`).getByTestId('deposit-address')).toHaveText(short(tron1));
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.evm}-user-1`)).toContainText('Anvil');

  // Filters: OpenID, chain, part of an address; Reset shows everything again.
  await (await filterField(page, 'filter-openid')).fill('user-2');
  await page.getByTestId('filter-search').click();
  await expect(page.locator('[data-testid^="deposit-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.devchain}-user-2`)).toBeVisible();
  await page.getByTestId('filter-reset').click();
  await pickOption(page, 'filter-chain', 'TRON');
  await page.getByTestId('filter-search').click();
  await expect(page.locator('[data-testid^="deposit-row-"]')).toHaveCount(1);
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.tron}-user-1`)).toBeVisible();
  await page.getByTestId('filter-reset').click();
  await (await filterField(page, 'filter-address')).fill(evm1.slice(2, 14));
  await page.getByTestId('filter-search').click();
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.evm}-user-1`)).toBeVisible();
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.devchain}-user-2`)).toHaveCount(0);
  await page.getByTestId('filter-reset').click();
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.devchain}-user-2`)).toBeVisible();

  // Remark: at most 100 characters (the field stops there), saved trimmed.
  await row.getByTestId('deposit-remark-edit').click();
  const remark = page.getByTestId('remark-form-remark');
  await remark.fill('x'.repeat(101));
  await expect(remark).toHaveValue('x'.repeat(100));
  await remark.fill('  VIP customer  ');
  await page.getByTestId('remark-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully edited');
  await expect(row.getByTestId('deposit-remark')).toHaveText('VIP customer');
  const saved = (await depositRows(env, session.sessionCode, { chainId: E2E_CHAINS.devchain, openId: 'user-1' }))[0];
  expect(saved).toMatchObject({ address: dev1, remark: 'VIP customer' });
  const tooLong = await call(env.baseURL, '/api/partner/address/editRemark', { id: saved.id, remark: 'y'.repeat(101) }, session.sessionCode);
  expect(tooLong.code).toBe(10422);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'wallet-address.png') });
});

test('a role without 20201 sees the addresses without the remark button', async ({ page, env }) => {
  newAddress(env, E2E_CHAINS.devchain, 'user-1');
  const reader = await signInAs(env, USERS.addressReader);
  const id = (await depositRows(env, reader.sessionCode, { openId: 'user-1', chainId: E2E_CHAINS.devchain }))[0].id;
  const refused = await call(env.baseURL, '/api/partner/address/editRemark', { id, remark: 'nope' }, reader.sessionCode);
  expect(refused.code).toBe(10403);

  await openAs(page, reader, '/token/wallet-address');
  await expect(page.getByTestId(`deposit-row-${E2E_CHAINS.devchain}-user-1`)).toBeVisible();
  await expect(page.getByTestId('deposit-remark-edit')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});
