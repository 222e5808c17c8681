import path from 'node:path';
import { call, type Session } from './api';
import { ARTIFACTS, expect, openAs, settle, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { E2E_CHAINS } from './server';
import { USERS } from './users';
import { addHotWallet, hotWallets, pickOption } from './wallets';

// Token > Set (menu 205): the merchant's hot wallets (payouts and fees): add, pause, resume, their
// remarks and roles, the limit of 5.

// One sign-in per user for the file: login codes are limited to one per e-mail per 60 s.
let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.hotWallets));

test('add a hot wallet, pause it and resume it', async ({ page, env }) => {
  const session = await writer(env);
  const before = (await hotWallets(env.baseURL, session.sessionCode)).total;
  await openAs(page, session, '/token/set');
  await expect(page.getByTestId('hot-count')).toHaveText(`${before} / 5`);

  await page.getByTestId('hot-add').click();
  await page.getByTestId('hot-form-submit').click();
  await expect(page.getByText('Please choose a chain')).toBeVisible();
  await pickOption(page, 'hot-form-chain', 'Devchain');
  await page.getByTestId('hot-form-remark').fill('e2e payouts');
  await page.getByTestId('hot-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');
  await expect(page.getByTestId('hot-count')).toHaveText(`${before + 1} / 5`);

  const added = (await hotWallets(env.baseURL, session.sessionCode)).list.find((wallet) => wallet.remark === 'e2e payouts')!;
  expect(added).toMatchObject({ chainId: E2E_CHAINS.devchain, status: 0, balanceError: false });
  expect(added.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const row = page.getByTestId(`hot-row-${added.address}`);
  await expect(row.getByTestId('hot-address')).toHaveText(`${added.address.slice(0, 6)}…${added.address.slice(-4)}`);
  await expect(row.getByTestId('hot-status')).toHaveText('Normal');
  await expect(row.getByTestId('hot-balances')).toContainText(/^\d+\.\d{4} DEV/); // 4 decimals, from the devchain
  await expect(page.getByTestId('hot-wallets')).toContainText('Hot wallets: payouts and fees');
  await expect(row.getByTestId('hot-remark')).toHaveText('e2e payouts');
  await expect(row.getByTestId('hot-role-withdrawals')).toHaveText('Pays withdrawals');

  // Pause: cancel keeps it, sure pauses it.
  await row.getByTestId('hot-pause').click();
  await page.getByTestId('hot-status-cancel').click();
  await expect(row.getByTestId('hot-status')).toHaveText('Normal');
  await row.getByTestId('hot-pause').click();
  await expect(page.locator('.ant-popconfirm:visible')).toContainText('It pays no withdrawal while paused.');
  await page.locator('.ant-popconfirm:visible').getByTestId('hot-status-sure').click();
  await expect(toastText(page)).toHaveText('Successfully paused');
  await expect(row.getByTestId('hot-status')).toHaveText('Paused');
  await expect(row.getByTestId('hot-role-withdrawals')).toHaveCount(0); // a paused wallet pays nothing
  expect((await hotWallets(env.baseURL, session.sessionCode)).list.find((wallet) => wallet.id === added.id)?.status).toBe(1);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'hot-wallets.png') });

  await row.getByTestId('hot-resume').click();
  await page.locator('.ant-popconfirm:visible').getByTestId('hot-status-sure').click();
  await expect(toastText(page)).toHaveText('Successfully resumed');
  await expect(row.getByTestId('hot-status')).toHaveText('Normal');
  expect((await hotWallets(env.baseURL, session.sessionCode)).list.find((wallet) => wallet.id === added.id)?.status).toBe(0);
});

test('a role without 20501 and 20502 sees the wallets without the buttons', async ({ page, env }) => {
  const writerToken = (await writer(env)).sessionCode;
  if (!(await hotWallets(env.baseURL, writerToken)).list.some((wallet) => wallet.remark === 'e2e payouts')) {
    await addHotWallet(env.baseURL, writerToken, E2E_CHAINS.devchain, 'e2e payouts');
  }
  const payouts = (await hotWallets(env.baseURL, writerToken)).list.find((wallet) => wallet.remark === 'e2e payouts')!;
  const reader = await signInAs(env, USERS.hotWalletReader);
  const refused = await call(env.baseURL, '/api/v2/partner/hotwallet/add', { chainId: E2E_CHAINS.devchain }, reader.sessionCode);
  expect(refused.code).toBe(10403);
  const paused = await call(env.baseURL, '/api/v2/partner/hotwallet/status/setting', { id: 1, status: 1 }, reader.sessionCode);
  expect(paused.code).toBe(10403);

  await openAs(page, reader, '/token/set');
  await expect(page.getByTestId(`hot-row-${payouts.address}`).getByTestId('hot-remark')).toHaveText('e2e payouts');
  await expect(page.getByTestId('hot-add')).toHaveCount(0);
  await expect(page.getByTestId('hot-pause')).toHaveCount(0);
  await expect(page.getByTestId('hot-resume')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
});

test('at most 5 payment addresses: the button is disabled and the server refuses a sixth', async ({ page, env }) => {
  // The second merchant (its admin holds every permission): its wallets never meet the demo's.
  const token = env.owner.sessionCode;
  let { total } = await hotWallets(env.baseURL, token);
  if (total === 0) {
    await addHotWallet(env.baseURL, token, E2E_CHAINS.evm, 'evm payouts');
    total += 1;
  }
  for (; total < 5; total += 1) await addHotWallet(env.baseURL, token, E2E_CHAINS.devchain, `payouts ${total + 1}`);
  const sixth = await call(env.baseURL, '/api/v2/partner/hotwallet/add', { chainId: E2E_CHAINS.tron }, token);
  expect(sixth).toMatchObject({ code: 16003, msg: 'At most 5 payment addresses' });

  await openAs(page, env.owner, '/token/set');
  await expect(page.getByTestId('hot-count')).toHaveText('5 / 5');
  await expect(page.getByTestId('hot-add')).toBeDisabled();
  await expect(page.getByTestId('hot-limit')).toHaveText('At most 5 payment addresses');
  await page.getByTestId('hot-add-wrap').hover();
  await expect(page.locator('.ant-tooltip:visible')).toContainText('At most 5 payment addresses');
  // A chain without a reachable node: the balance cannot be read.
  const evm = (await hotWallets(env.baseURL, token)).list.find((wallet) => wallet.chainId === E2E_CHAINS.evm);
  if (evm) await expect(page.getByTestId(`hot-row-${evm.address}`).getByTestId('hot-balance-error')).toHaveText('Balance unavailable');
});
