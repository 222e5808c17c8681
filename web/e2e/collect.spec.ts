import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call } from './api';
import { chainFees, coldAddressInForce, collectionSteps, devUsdt, feeWalletSet, listCollections, paymentWallet } from './collections';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, test, toastText, type E2eEnv } from './fixtures';
import { depositAddress, makeDeposit } from './deposits';
import { seedMerchant, shownAmount, type SeededMerchant } from './merchantOrders';
import { E2E_CHAINS, E2E_TOKENS } from './server';
import { assets, countRequests, pickOption, filterField } from './wallets';
import { randomAddress } from './withdrawals';

// Collect over real devchain deposits. A merchant of its own gets two deposits; with a minimum
// collection amount of 1 USDT one of them is due and the other waits, and Collect now without a
// cold address in force is refused with the reason. A second merchant collects for real: its fee
// wallet saved on Fund collection, Collect now followed to its end, the detail's top-up and
// sweep; then automatic collection on each deposit, seen on Collection transactions. Every
// figure expected is what the server answers (the deposits, the collections and their steps).

let seeded: Promise<SeededMerchant> | null = null;
const merchant = (env: E2eEnv) =>
  (seeded ??= seedMerchant(env, `collect-${process.pid}@seeded.example`, {
    timeZone: 8,
    funded: '1',
    deposits: ['12.345678', '0.5'],
    withdrawals: [],
    inReview: [],
  }));

/** Saves the devchain USDT's collection settings with a minimum of `minimum` (automatic collection off). */
async function minimumOf(env: E2eEnv, token: string, minimum: string) {
  const asset = (await assets(env.baseURL, token)).find((row) => row.chainId === E2E_CHAINS.devchain && row.tokenId === E2E_TOKENS.devUsdt)!;
  const saved = await call(env.baseURL, '/api/partner/asset/edit', {
    id: asset.id,
    paymentAddress: asset.paymentAddress,
    collect: { ...asset.collect, autoCollect: false, minCollectAmount: minimum },
    risk: asset.risk,
  }, token);
  expect(saved.code, JSON.stringify(saved)).toBe(1);
}

test('Fund collection lists what each deposit address waits to collect, and Collect now says why it is refused', async ({ page, env }) => {
  test.setTimeout(180_000);
  const seededMerchant = await merchant(env);
  const token = seededMerchant.session.sessionCode;
  await minimumOf(env, token, '1');
  const [large, small] = [...seededMerchant.deposits].sort((a, b) => Number(b.amount) - Number(a.amount));
  expect([large.amount, small.amount]).toEqual(['12.345678', '0.5']);

  await openAs(page, seededMerchant.session, '/collect/fund');
  const rows = page.locator('[data-testid^="waiting-row-"]');
  await expect(rows).toHaveCount(2);
  // The largest first: its address, what waits (4 decimals, exact in data-amount), due, nothing open.
  const first = rows.nth(0);
  await expect(first.getByTestId('waiting-waiting')).toHaveText(`${shownAmount(large.amount)} USDT`);
  await expect(first.getByTestId('waiting-waiting')).toHaveAttribute('data-amount', large.amount);
  await expect(first.getByTestId('waiting-due')).toHaveText('Due');
  await expect(first.getByTestId('waiting-collection')).toHaveText('None open');
  const second = rows.nth(1);
  await expect(second.getByTestId('waiting-waiting')).toHaveAttribute('data-amount', small.amount);
  await expect(second.getByTestId('waiting-due')).toHaveText('Below minimum');
  await showAllColumns(page);
  await expect(first.getByTestId('waiting-credited')).toHaveAttribute('data-amount', large.amount);
  await expect(first.getByTestId('waiting-collected')).toHaveAttribute('data-amount', '0');

  // Any part of an address finds its row.
  const smallAddress = depositAddress(env, small.openId, seededMerchant.email);
  expect(small.toAddress).toBe(smallAddress);
  await (await filterField(page, 'filter-address')).fill(smallAddress.slice(-8).toLowerCase());
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0).getByTestId('waiting-due')).toHaveText('Below minimum');

  // Collect now on a token without a cold address in force: the server's reason, and nothing opened.
  await page.getByTestId('filter-reset').click();
  await expect(rows).toHaveCount(2);
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('collect-selected')).toHaveText('1 selected');
  await page.getByTestId('collect-now').click();
  await page.getByTestId('pass-google-code').fill('123456');
  await page.getByTestId('collect-now-sure').click();
  await expect(toastText(page)).toHaveText('This token has no collection address in force: request one under Token list');
  await page.getByTestId('collect-now-cancel').click();
  await expect(rows.nth(0).getByTestId('waiting-collection')).toHaveText('None open');
});

// The merchant that collects: two deposits waiting, a hot wallet holding DEV (the payment wallet).
let collecting: Promise<SeededMerchant> | null = null;
const collector = (env: E2eEnv) =>
  (collecting ??= seedMerchant(env, `collect-flow-${process.pid}@seeded.example`, {
    timeZone: 8,
    funded: '1',
    deposits: ['6.25', '3.5'],
    withdrawals: [],
    inReview: [],
  }));

const STEP_KINDS: Record<number, string> = { 1: 'Fee top-up', 2: 'Activation', 3: 'Sweep part' };

test('Fund collection: the fee wallet is saved with the Google code, Collect now is followed to its end, the detail shows the top-up and the sweep', async ({ page, env }) => {
  test.setTimeout(180_000);
  const merchant = await collector(env);
  const { who } = merchant;
  const token = merchant.session.sessionCode;
  await coldAddressInForce(env, who, randomAddress());
  const wallet = await paymentWallet(env, token);

  // Fee settings: none yet; a cap of 0 is refused in the form, a wrong code by the server.
  await openAs(page, merchant.session, '/collect/fund');
  const fees = page.getByTestId(`fees-row-${E2E_CHAINS.devchain}`);
  await expect(fees.getByTestId('fees-wallet-none')).toBeVisible();
  await fees.getByTestId('fees-edit').click();
  await page.getByTestId('fees-wallet-select').click();
  await page.getByTestId(`fees-wallet-option-${wallet.id}`).click();
  const sent = countRequests(page, '/collect/fees/edit');
  await page.getByTestId('fees-max-input').fill('0');
  await page.getByTestId('fees-google-code').fill('000000');
  await page.getByTestId('fees-submit').click();
  await expect(page.getByText('A positive amount of DEV with at most 18 decimals')).toBeVisible();
  expect(sent()).toBe(0);
  await page.getByTestId('fees-max-input').fill('0.1');
  const [refused] = await Promise.all([page.waitForResponse('**/api/partner/collect/fees/edit'), page.getByTestId('fees-submit').click()]);
  const refusal = (await refused.json()) as { code: number; msg: string };
  expect(refusal.code).toBe(11002);
  await expect(toastText(page)).toHaveText(refusal.msg);
  await expect(page.getByTestId('fees-error')).toHaveText(refusal.msg);
  await page.getByTestId('fees-google-code').fill(await who.next());
  await page.getByTestId('fees-submit').click();
  await expect(toastText(page)).toHaveText('Successfully saved');
  const saved = await chainFees(env, token);
  expect(saved).toMatchObject({ feeWalletId: wallet.id, feeWalletAddress: wallet.address });
  await expect(fees.getByTestId('fees-wallet')).toHaveAttribute('data-address', wallet.address);
  await expect(fees.getByTestId('fees-max')).toHaveAttribute('data-amount', saved.maxFee);

  // Collect now on both addresses, followed until both are collected.
  const rows = page.locator('[data-testid^="waiting-row-"]');
  await expect(rows).toHaveCount(2);
  for (const index of [0, 1]) await rows.nth(index).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('collect-selected')).toHaveText('2 selected');
  await page.getByTestId('collect-now').click();
  await page.getByTestId('pass-google-code').fill(await who.next());
  const [started] = await Promise.all([
    page.waitForResponse('**/api/partner/collect/now'),
    page.getByTestId('collect-now-sure').filter({ visible: true }).click(),
  ]);
  const run = ((await started.json()) as { data: { runId: number; opened: number } }).data;
  expect(run.opened).toBe(2);
  await expect(toastText(page)).toHaveText('Collection started for 2 addresses');
  const progress = page.getByTestId('collect-progress');
  await expect(progress).toHaveAttribute('data-finished', 'true', { timeout: 90_000 });
  const collections = await listCollections(env, token, { runId: run.runId });
  expect(collections.map((collection) => [collection.status, collection.trigger, collection.runId])).toEqual([
    [1, 3, run.runId],
    [1, 3, run.runId],
  ]);
  await expect(progress.getByTestId('collect-progress-count')).toHaveText('2 of 2 finished');
  for (const collection of collections) {
    const shown = page.getByTestId(`progress-row-${collection.id}`);
    await expect(shown.getByTestId('progress-status')).toHaveText('Collected');
    // The whole deposit moved: the address held what was credited.
    const deposit = merchant.deposits.find((order) => order.toAddress === collection.address)!;
    expect(collection.amount).toBe(deposit.amount);
    await expect(shown.getByTestId('progress-amount')).toHaveAttribute('data-amount', deposit.amount);
  }
  await expect(rows).toHaveCount(0); // nothing waits any more
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'collect-progress.png'), fullPage: true });

  // The detail: a top-up from the fee wallet, then the sweep part to the cold address.
  const [first] = collections;
  await page.getByTestId(`progress-row-${first.id}`).getByTestId('progress-detail-open').click();
  const drawer = page.getByTestId('collection-detail-body');
  await expect(drawer).toHaveAttribute('data-id', String(first.id));
  await expect(drawer.getByTestId('detail-trigger')).toHaveText('Manual');
  await expect(drawer.getByTestId('detail-amount')).toHaveAttribute('data-amount', first.amount!);
  await expect(drawer.getByTestId('detail-fee-paid')).toHaveAttribute('data-amount', first.feePaid!);
  // What burning would cost is recorded for every sweep; smart collection is TRON's: no energy here.
  expect(first.burnFee).not.toBeNull();
  expect(first.energy).toBeNull();
  await expect(drawer.getByTestId('detail-burn-fee')).toHaveAttribute('data-amount', first.burnFee!);
  await expect(drawer.getByTestId('detail-energy')).toHaveCount(0);
  const steps = await collectionSteps(env, token, first.id);
  expect(steps.map((step) => step.kind).sort()).toEqual([1, 3]);
  const topUp = steps.find((step) => step.kind === 1)!;
  const sweep = steps.find((step) => step.kind === 3)!;
  expect([topUp.fromAddress, topUp.toAddress, sweep.fromAddress, sweep.amount]).toEqual([wallet.address, first.address, first.address, first.amount]);
  expect(sweep.toAddress).toBe((await devUsdt(env, token)).coldAddresses[0].address);
  for (const [index, step] of steps.entries()) {
    const shown = drawer.getByTestId(`step-row-${index}`);
    await expect(shown.getByTestId('step-kind')).toHaveText(STEP_KINDS[step.kind]);
    await expect(shown.getByTestId('step-state')).toHaveText('Confirmed');
    await expect(shown.getByTestId('step-hash')).toHaveAttribute('data-hash', step.hash);
    await expect(shown.getByTestId('step-amount')).toHaveAttribute('data-amount', step.amount);
    await expect(shown.getByTestId('step-amount')).toContainText(step.kind === 3 ? 'USDT' : 'DEV');
    // An explorer link where the chain has one (the devchain has none).
    if (first.txurl) await expect(shown.getByTestId('step-hash').locator('a')).toHaveAttribute('href', `${first.txurl}${step.hash}`);
  }
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'collection-detail.png') });
  await page.locator('.ant-drawer-close').click();

  // The run in Collection transactions.
  await page.getByTestId(`collect-progress-run-${run.runId}`).click();
  await expect(page.getByTestId('collection-run-filter')).toHaveText(`Collect now run ${run.runId}`);
  await expect(page.locator('[data-testid^="collection-row-"]')).toHaveCount(2);
});

test('automatic collection on each deposit: the deposit reaches Collected on Collection transactions, which filters and exports it', async ({ page, env }) => {
  test.setTimeout(180_000);
  const merchant = await collector(env);
  const { who } = merchant;
  const token = merchant.session.sessionCode;
  await coldAddressInForce(env, who, randomAddress());
  await feeWalletSet(env, who);
  const asset = await devUsdt(env, token);

  // Token detail › Set: automatic collection on each deposit.
  await openAs(page, merchant.session, `/token/token-detail?id=${asset.id}`);
  await page.getByTestId('detail-tab-set').click();
  const auto = page.getByTestId('asset-form-auto-collect');
  if ((await auto.getAttribute('aria-checked')) !== 'true') await auto.click();
  await page.getByTestId('asset-form-collect-type').getByText('On each deposit').click();
  await page.getByTestId('asset-set-save').click();
  await expect(toastText(page)).toHaveText('Successfully edited');
  expect((await devUsdt(env, token)).collect).toMatchObject({ autoCollect: true, collectType: 3 });

  const deposit = await makeDeposit(env, token, 'auto-collect-user', '4.75', merchant.email);
  await openAs(page, merchant.session, '/collect/transactions');
  await (await filterField(page, 'filter-address')).fill(deposit.toAddress.slice(-10).toLowerCase());
  const rows = page.locator('[data-testid^="collection-row-"]');
  await expect(async () => {
    await page.getByTestId('filter-search').click();
    await expect(rows.first().getByTestId('collection-status')).toHaveText('Collected', { timeout: 1500 });
  }).toPass({ timeout: 60_000 });
  await expect(rows).toHaveCount(1);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'collection-transactions.png') });
  const [collection] = await listCollections(env, token, { address: deposit.toAddress });
  expect(collection).toMatchObject({ status: 1, trigger: 2, runId: null, address: deposit.toAddress, amount: deposit.amount, attributed: deposit.amount });
  const row = page.getByTestId(`collection-row-${collection.id}`);
  await expect(row.getByTestId('collection-amount')).toHaveText(`${shownAmount(deposit.amount)} USDT`);
  await expect(row.getByTestId('collection-amount')).toHaveAttribute('data-amount', deposit.amount);
  // The summary line adds up what the filter selects: this one collection, what it moved, its fees.
  await expect(page.getByTestId('collection-summary-count')).toHaveText('Collections: 1');
  await expect(page.getByTestId('collection-summary-collected')).toHaveText('Collected: 1');
  const total = page.getByTestId(`collection-summary-total-${collection.chainId}-${collection.tokenId}`);
  await expect(total.getByTestId('collection-summary-amount')).toHaveAttribute('data-amount', deposit.amount);
  await expect(total.getByTestId('collection-summary-fee')).toHaveAttribute('data-amount', collection.feePaid!);
  // The trigger and the fee paid are a click away, in the column settings.
  await showAllColumns(page);
  await expect(row.getByTestId('collection-trigger')).toHaveText('On deposit');
  await expect(row.getByTestId('collection-fee-paid')).toHaveAttribute('data-amount', collection.feePaid!);
  await expect(row.getByTestId('collection-fee-paid')).toContainText(collection.nativeSymbol);

  // The state filter: none failed, this one collected.
  await pickOption(page, 'filter-status', 'Collection failed');
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(0);
  await pickOption(page, 'filter-status', 'Collected');
  await page.getByTestId('filter-search').click();
  await expect(rows).toHaveCount(1);

  // The CSV of the filter, written by the server: its header and this collection, in the console's words.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('collection-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^collections-\d{8}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain('Created (UTC+8)');
  expect(lines[1].split(',')).toEqual(expect.arrayContaining([String(collection.id), deposit.toAddress, deposit.amount, collection.feePaid, 'Collected', 'On deposit']));
  await expect(toastText(page)).toHaveText('Exported 1 row');
});
