import path from 'node:path';
import { call, type Session } from './api';
import { ARTIFACTS, expect, hashPath, openAs, settle, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { E2E_CHAINS, E2E_TOKENS, coffer } from './server';
import { freshTotp } from './totp';
import { DEMO, USERS } from './users';
import { assets, bindGoogle, countRequests, hotWalletOn, hotWallets, pickOption, short, tokenRequests } from './wallets';

// Token > Token list and Token detail (menus 201, 215): enable USDT on the devchain, the EVM chain
// and TRON; request cold addresses (refused in the form first), the operator approves them.

const COLD_A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'; // EIP-55 (anvil's first accounts)
const COLD_B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.assets));

/** Fills the add-token dialog for a chain and submits it with the given payment address. */
async function addToken(page: import('@playwright/test').Page, chain: string, paymentAddress: string) {
  await page.getByTestId('token-add').click();
  await pickOption(page, 'asset-form-chain', chain);
  await pickOption(page, 'asset-form-token', /^USDT$/);
  await pickOption(page, 'asset-form-payment', paymentAddress);
  await page.getByTestId('asset-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');
}

test('enable USDT on the devchain: a hot wallet first, then the token paying from it', async ({ page, env }) => {
  const session = await writer(env);
  const token = session.sessionCode;
  await openAs(page, session, '/token/list');
  await expect(page.getByTestId('token-list')).toBeVisible();
  await expect(page.getByTestId(`asset-row-${E2E_CHAINS.devchain}-${E2E_TOKENS.devUsdt}`)).toHaveCount(0);

  // Without a hot wallet on the chain the dialog says so and links to Token > Set.
  const before = (await hotWallets(env.baseURL, token)).list.filter((wallet) => wallet.chainId === E2E_CHAINS.devchain);
  await page.getByTestId('token-add').click();
  await page.getByTestId('asset-form-submit').click();
  await expect(page.getByText('Please choose a chain')).toBeVisible();
  await expect(page.getByText('Merchant payment address cannot be empty')).toBeVisible();
  await pickOption(page, 'asset-form-chain', 'Devchain');
  await pickOption(page, 'asset-form-token', /^USDT$/);
  if (before.length === 0) {
    await expect(page.getByTestId('asset-form-no-wallet')).toContainText('You have no hot wallet on this chain yet.');
    await page.getByTestId('asset-form-no-wallet').getByRole('link').click();
    await expect.poll(() => hashPath(page)).toBe('/token/set');
    await page.getByTestId('hot-add').click();
    await pickOption(page, 'hot-form-chain', 'Devchain');
    await page.getByTestId('hot-form-remark').fill('USDT payouts');
    await page.getByTestId('hot-form-submit').click();
    await expect(toastText(page)).toHaveText('Successfully added');
    await page.goto('/#/token/list');
  } else {
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  }
  const payout = (await hotWallets(env.baseURL, token)).list.find((wallet) => wallet.chainId === E2E_CHAINS.devchain)!.address;

  // Add it with automatic collection every 6 hours and a lower review threshold.
  await page.getByTestId('token-add').click();
  await pickOption(page, 'asset-form-chain', 'Devchain');
  await pickOption(page, 'asset-form-token', /^USDT$/);
  await pickOption(page, 'asset-form-payment', payout);
  await page.getByTestId('asset-form-auto-collect').click();
  await page.getByRole('dialog').getByText('Every N hours').click();
  await page.getByTestId('asset-form-interval').fill('6');
  await page.getByTestId('asset-form-min-collect').fill('10');
  await page.getByTestId('asset-form-min-review').fill('1.1234567');
  await expect(page.getByText('Invalid amount: at most 6 decimals')).toBeVisible();
  await page.getByTestId('asset-form-min-review').fill('500');
  await page.getByTestId('asset-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');

  const row = page.getByTestId(`asset-row-${E2E_CHAINS.devchain}-${E2E_TOKENS.devUsdt}`);
  await expect(row.getByTestId('asset-payment-address')).toHaveText(short(payout));
  await expect(row.getByTestId('asset-status-switch')).toHaveAttribute('aria-checked', 'true');
  await expect(row.getByTestId('asset-cold-status')).toHaveText('Not set');
  await expect(row.getByTestId('asset-apply-status')).toHaveText('—');
  await expect(row.getByTestId('token-symbol')).toContainText('USDT');
  const added = (await assets(env.baseURL, token)).find((asset) => asset.chainId === E2E_CHAINS.devchain)!;
  expect(added).toMatchObject({
    tokenId: E2E_TOKENS.devUsdt,
    status: 1,
    paymentAddress: payout,
    collect: { autoCollect: true, collectType: 2, intervalHours: 6, startTime: '00:00', minCollectAmount: '10' },
    risk: { minReviewAmount: '500', maxDailyCount: 100, dailyLimit: '100000' },
  });

  // Status off and on again.
  await row.getByTestId('asset-status-switch').click();
  await expect(toastText(page)).toHaveText('Successfully closed');
  await expect(row.getByTestId('asset-status-switch')).toHaveAttribute('aria-checked', 'false');
  await row.getByTestId('asset-status-switch').click();
  await expect(toastText(page)).toHaveText('Successfully opened');
  await expect(row.getByTestId('asset-status-switch')).toHaveAttribute('aria-checked', 'true');

  // Edit: the same form without chain and token.
  await row.getByTestId('asset-edit').click();
  await expect(page.getByTestId('asset-form-chain')).toHaveCount(0);
  await expect(page.getByTestId('asset-form-interval')).toHaveValue('6');
  await page.getByTestId('asset-form-daily-limit').fill('250000');
  await page.getByTestId('asset-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully edited');
  expect((await assets(env.baseURL, token)).find((asset) => asset.id === added.id)?.risk).toMatchObject({ dailyLimit: '250000' });

  // A token is added once: the select offers it disabled.
  await page.getByTestId('token-add').click();
  await pickOption(page, 'asset-form-chain', 'Devchain');
  await page.getByTestId('asset-form-token').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled')).toHaveText('USDT (added)');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'token-list.png') });
});

test('enable USDT on the EVM chain and on TRON', async ({ page, env }) => {
  const session = await writer(env);
  const token = session.sessionCode;
  const evmPayout = await hotWalletOn(env.baseURL, token, E2E_CHAINS.evm, 'EVM payouts');
  const tronPayout = await hotWalletOn(env.baseURL, token, E2E_CHAINS.tron, 'TRON payouts');
  expect(evmPayout).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(tronPayout).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

  await openAs(page, session, '/token/list');
  await addToken(page, 'Anvil', evmPayout);
  await addToken(page, 'TRON', tronPayout);
  await expect(page.getByTestId(`asset-row-${E2E_CHAINS.evm}-${E2E_TOKENS.evmUsdt}`).getByTestId('asset-payment-address')).toHaveText(short(evmPayout));
  await expect(page.getByTestId(`asset-row-${E2E_CHAINS.tron}-${E2E_TOKENS.tronUsdt}`).getByTestId('asset-payment-address')).toHaveText(short(tronPayout));

  // The chain filter.
  await pickOption(page, 'token-chain-filter', 'TRON');
  await expect(page.locator('[data-testid^="asset-row-"]')).toHaveCount(1);

  // Their nodes are unreachable in this run: the wallets' balances cannot be read.
  await page.goto('/#/token/set');
  await expect(page.getByTestId(`hot-row-${tronPayout}`).getByTestId('hot-balance-error')).toHaveText('Balance unavailable');
  await expect(page.getByTestId(`hot-row-${evmPayout}`).getByTestId('hot-balance-error')).toHaveText('Balance unavailable');
});

test('request cold addresses: refused in the form, sent, approved by the operator', async ({ page, env }) => {
  test.setTimeout(150_000);
  const session = await writer(env);
  const token = session.sessionCode;
  const asset = (await assets(env.baseURL, token)).find((entry) => entry.chainId === E2E_CHAINS.devchain);
  expect(asset, 'the devchain USDT of the first test').toBeTruthy();
  const google = await bindGoogle(env.baseURL, token); // the console re-reads bindGoogle at start-up
  const depositor = coffer(env.dataDir, ['admin', 'address', 'new', '--email', DEMO.email, '--chain', String(E2E_CHAINS.devchain), '--openid', 'detail-user']).trim();

  await openAs(page, session, '/token/list');
  await page.getByTestId(`asset-row-${E2E_CHAINS.devchain}-${E2E_TOKENS.devUsdt}`).getByTestId('asset-detail').click();
  await expect.poll(() => hashPath(page)).toBe(`/token/token-detail?id=${asset!.id}`);
  await expect(page.getByTestId('detail-cold')).toContainText('No collection address is in force yet');
  await expect(page.getByTestId('detail-deposits').getByTestId('detail-deposit-row-detail-user')).toContainText(short(depositor.split('\n').at(-1)!));

  await page.getByTestId('detail-tab-request').click();
  const sent = countRequests(page, '/token/request/requestColdAddress');
  await page.getByTestId('cold-request').click();
  // At most 5 rows: the sixth cannot be added.
  for (let index = 1; index < 5; index += 1) await page.getByTestId('cold-add-row').click();
  await expect(page.getByTestId('cold-row')).toHaveCount(5);
  await expect(page.getByTestId('cold-add-row')).toBeDisabled();
  await expect(page.getByTestId('cold-limit')).toHaveText('At most 5 collection addresses');
  for (const index of [4, 3, 2]) await page.getByTestId(`cold-remove-${index}`).click();
  await expect(page.getByTestId('cold-row')).toHaveCount(2);

  // A repeated address (another case of the same hex) is refused without a request.
  await page.getByTestId('cold-address-0').fill(COLD_A);
  await page.getByTestId('cold-ratio-0').fill('0.6');
  await page.getByTestId('cold-address-1').fill(COLD_A.toLowerCase());
  await page.getByTestId('cold-ratio-1').fill('0.4');
  await page.getByTestId('cold-google-code').fill('000000');
  await page.getByTestId('cold-form-submit').click();
  await expect(page.getByText('Address input is incorrect or duplicate')).toBeVisible();

  // Ratios totalling 0.999 are refused without a request.
  await page.getByTestId('cold-address-1').fill(COLD_B);
  await page.getByTestId('cold-ratio-1').fill('0.399');
  await expect(page.getByTestId('cold-total')).toHaveText('Total: 0.999');
  await page.getByTestId('cold-form-submit').click();
  await expect(page.getByTestId('cold-total-error')).toHaveText('The ratios must total 1');
  expect(sent()).toBe(0);

  await page.getByTestId('cold-ratio-1').fill('0.4');
  await expect(page.getByTestId('cold-total')).toHaveText('Total: 1');
  const code = await freshTotp(google.secret, google.counter);
  await page.getByTestId('cold-google-code').fill(code.code);
  await page.getByTestId('cold-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');
  expect(sent()).toBe(1);
  const [request] = await tokenRequests(env.baseURL, token, asset!.id);
  const requestRow = page.getByTestId(`request-row-${request.id}`);
  await expect(requestRow.getByTestId('request-apply-status')).toHaveText('Awaiting review');
  await expect(requestRow.getByTestId('request-status')).toHaveText('Not in force');
  await expect(requestRow).toContainText('60%');
  await expect(page.getByTestId('cold-request')).toBeDisabled(); // one request may await review

  expect(coffer(env.dataDir, ['admin', 'token', 'list', '--pending'])).toContain(String(request.id));
  coffer(env.dataDir, ['admin', 'token', 'approve', String(request.id)]);
  await page.reload();
  await expect(page.getByTestId('detail-cold-status')).toHaveText('Effective');
  await expect(page.getByTestId('detail-apply-status')).toHaveText('Approved');
  await expect(page.getByTestId(`cold-row-${COLD_A}`).getByTestId('cold-ratio')).toHaveText('60%');
  await expect(page.getByTestId(`cold-row-${COLD_B}`).getByTestId('cold-ratio')).toHaveText('40%');
  await page.getByTestId('detail-tab-request').click();
  await expect(requestRow.getByTestId('request-apply-status')).toHaveText('Approved');
  await expect(requestRow.getByTestId('request-status')).toHaveText('In force');
  await page.getByTestId('detail-tab-set').click();
  await expect(page.getByTestId('asset-form-interval')).toHaveValue('6');
  await page.getByTestId('asset-form-min-split').fill('100');
  await page.getByTestId('asset-set-save').click();
  await expect(toastText(page)).toHaveText('Successfully edited');
  expect((await assets(env.baseURL, token)).find((entry) => entry.id === asset!.id)?.collect).toMatchObject({
    minSplitAmount: '100',
    intervalHours: 6,
  });
  await page.getByTestId('detail-tab-trade').click();
  // The token's exchange orders: the exchange list with the token's chain and token fixed.
  await expect(page.getByTestId('exchanges-215')).toContainText('Exchange orders');
  await page.getByTestId('detail-tab-address').click();
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'token-detail.png') });

  await page.getByTestId('tab-/token/list').click();
  const row = page.getByTestId(`asset-row-${E2E_CHAINS.devchain}-${E2E_TOKENS.devUsdt}`);
  await expect(row.getByTestId('asset-cold-status')).toHaveText('Effective');
  await expect(row.getByTestId('asset-apply-status')).toHaveText('Approved');
  // Back to the detail through its tab: it reopens the same token (the query is kept).
  await page.getByTestId('tab-/token/token-detail').click();
  await expect.poll(() => hashPath(page)).toBe(`/token/token-detail?id=${asset!.id}`);
  await expect(page.getByTestId('detail-cold-status')).toHaveText('Effective');
});

test('the form checks TRON addresses; a role without 20101-20103 and Google only reads', async ({ page, env }) => {
  const reader = await signInAs(env, USERS.assetReader);
  const tron = (await assets(env.baseURL, reader.sessionCode)).find((entry) => entry.chainId === E2E_CHAINS.tron);
  expect(tron, 'the TRON USDT of the second test').toBeTruthy();
  const refused = await call(env.baseURL, '/api/partner/asset/status/edit', { id: tron!.id, status: 0 }, reader.sessionCode);
  expect(refused.code).toBe(10403);

  await openAs(page, reader, '/token/list');
  const row = page.getByTestId(`asset-row-${E2E_CHAINS.tron}-${E2E_TOKENS.tronUsdt}`);
  await expect(row.getByTestId('asset-status')).toHaveText('Enabled');
  await expect(page.getByTestId('token-add')).toHaveCount(0);
  await expect(page.getByTestId('asset-status-switch')).toHaveCount(0);
  await expect(page.getByTestId('asset-edit')).toHaveCount(0);

  await row.getByTestId('asset-detail').click();
  await page.getByTestId('detail-tab-set').click();
  await expect(page.getByTestId('asset-set-save')).toHaveCount(0);
  await expect(page.getByTestId('asset-form-daily-limit')).toBeDisabled();
  await page.getByTestId('detail-tab-request').click();
  const sent = countRequests(page, '/token/request/requestColdAddress');
  await page.getByTestId('cold-request').click();
  await expect(page.getByTestId('cold-bind-google')).toContainText('Please bind Google verification code first');
  await page.getByTestId('cold-address-0').fill(COLD_A); // an EVM address on TRON
  await page.getByTestId('cold-ratio-0').fill('1');
  await page.getByTestId('cold-address-0').blur();
  await expect(page.getByText('Address input is incorrect or duplicate')).toBeVisible();
  await expect(page.getByTestId('cold-form-submit')).toBeDisabled();
  await page.getByTestId('cold-bind-google').getByRole('link').click();
  await expect.poll(() => hashPath(page)).toBe('/personal');
  expect(sent()).toBe(0);
});
