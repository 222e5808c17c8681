import { call } from './api';
import { expect, openAs, showAllColumns, test, toastText, type E2eEnv } from './fixtures';
import { depositAddress } from './deposits';
import { seedMerchant, shownAmount, type SeededMerchant } from './merchantOrders';
import { E2E_CHAINS, E2E_TOKENS } from './server';
import { assets } from './wallets';

// Collect > Fund collection over real devchain deposits: a merchant of its own gets two
// deposits; with a minimum collection amount of 1 USDT one of them is due and the other waits.
// Every figure expected is what the server answers (the deposits' amounts as the list says).
// Collect now without a cold address in force is refused with the reason (the run itself is
// covered by the Rust integration tests until the sweep lands).

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
  await page.getByTestId('filter-address').fill(smallAddress.slice(-8).toLowerCase());
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
