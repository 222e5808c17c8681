import type { Page } from '@playwright/test';
import { call, registerMerchant } from './api';
import { enableDevUsdt, widePeriod } from './deposits';
import { expect, openAs, signInAs, test, toastText } from './fixtures';
import { MerchantApi } from './merchantApi';
import { E2E_CHAINS, E2E_TOKENS, coffer } from './server';
import { assets, hotWalletOn, pickOption } from './wallets';
import { Authenticator, passInDialog, randomAddress } from './withdrawals';

// Exchange orders against the real binary (issue 31): a merchant of its own (its API key, RSA key
// and whitelist are its alone) adds a devchain USDT → DEV pair, the operator gives it a fixed
// price, the merchant's server places exchanges through the signed merchant API, and the end user
// pays on the devchain. Token › Trade › Orders and Token detail › Trade show them with both legs;
// a payment outside the pair's rules is held and paid out from its detail with the Google code.

const MERCHANT = { email: 'exchange@merchant.example', password: 'Exchange-Pass-2026' };
/** The operator's fixed rate, DEV per USDT, and the merchant's spread: 2.5 less 1 % is 2.475. */
const FIXED_RATE = '2.5';
const SPREAD_BP = 100;

interface Exchange {
  id: number;
  orderNo: string;
  merchantOrderNo: string;
  status: number;
  reason: string;
  hash: string;
  outHash: string;
  fromAddress: string;
  payoutAddress: string;
  paidIn: string;
  amountOut: string;
}

interface Placed {
  orderNo: string;
  payAddress: string;
}

async function listExchanges(baseURL: string, token: string, filters: object): Promise<Exchange[]> {
  const answer = await call<{ list: Exchange[] }>(baseURL, '/api/v2/exchange/pagelist', { page: 1, pageSize: 100, ...widePeriod(), ...filters }, token);
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  return answer.data.list;
}

/** Polls the console's list until the exchange is in one of `statuses`. */
async function waitForExchange(baseURL: string, token: string, orderNo: string, statuses: number[]): Promise<Exchange> {
  let found: Exchange | undefined;
  await expect
    .poll(async () => {
      found = (await listExchanges(baseURL, token, { orderNo }))[0];
      return statuses.includes(found?.status ?? -1) ? 'there' : `${found?.status} ${found?.reason}`;
    }, { timeout: 90_000, intervals: [500] })
    .toBe('there');
  return found!;
}

/** The operator's id of the merchant holding pair `pairId`: of the merchants `coffer admin merchant list` shows, the one whose pairs list it. */
function merchantOfPair(dataDir: string, pairId: number): string {
  const ids = coffer(dataDir, ['admin', 'merchant', 'list'])
    .split('\n')
    .map((line) => line.split('\t')[0])
    .filter(Boolean);
  for (const id of ids) {
    const pairs = coffer(dataDir, ['admin', 'exchange', 'pairs', '--merchant', id]);
    if (pairs.split('\n').some((line) => line.startsWith(`${pairId}\t`))) return id;
  }
  throw new Error(`no merchant holds pair ${pairId}`);
}

/** A quote and an order through the merchant API; the quote is asked again until the payout wallet's balance has been read (saving the pair makes it due at the balance worker's next round, every 15 s). */
async function placeExchange(api: MerchantApi, merchantOrderNo: string, amountIn: string, payoutAddress: string): Promise<Placed> {
  let quoteId = '';
  await expect
    .poll(async () => {
      const quote = await api.post<{ quoteId: string }>('/merchant/v1/exchange/quote', { chainId: E2E_CHAINS.devchain, tokenIn: E2E_TOKENS.devUsdt, amountIn });
      quoteId = quote.data?.quoteId ?? '';
      return quote.code === 1 ? 'quoted' : JSON.stringify(quote);
    }, { timeout: 60_000, intervals: [1000] })
    .toBe('quoted');
  const order = await api.post<Placed>('/merchant/v1/exchange/order', { merchantOrderNo, quoteId, openId: 'swapper-1', amountIn, minAmountOut: '0', payoutAddress });
  expect(order.code, JSON.stringify(order)).toBe(1);
  return order.data;
}

/** The end user pays `amount` USDT from the devchain's player wallet; the devchain mines a block every 500 ms. */
function pay(dataDir: string, to: string, amount: string): string {
  const sent = coffer(dataDir, ['admin', 'devchain', 'send', '--to', to, '--amount', amount, '--token', 'USDT']);
  const hash = /\btx (0x[0-9a-fA-F]{64})\b/.exec(sent)?.[1];
  expect(hash, sent).toBeTruthy();
  return hash!;
}

async function openOrders(page: Page, who: Authenticator) {
  await openAs(page, who.session, '/token/trade');
  await page.getByTestId('trade-tab-orders').click();
  await expect(page.getByTestId('exchanges-204')).toBeVisible();
}

test('an exchange paid on the devchain is paid out; Token › Trade shows both legs, and a held one is paid out from its detail', async ({ page, env }) => {
  test.setTimeout(300_000); // four Google codes: the third and fourth wait for the next 30 s steps
  await registerMerchant(env.baseURL, env.dataDir, MERCHANT.email, MERCHANT.password);
  coffer(env.dataDir, ['admin', 'merchant', 'activate', MERCHANT.email]);
  const who = await Authenticator.bind(env, await signInAs(env, MERCHANT));
  const token = who.session.sessionCode;

  // The merchant: devchain USDT enabled, a hot wallet holding DEV to pay out, the pair, the API.
  await enableDevUsdt(env, token);
  const payoutWallet = await hotWalletOn(env.baseURL, token, E2E_CHAINS.devchain, 'exchange payouts');
  coffer(env.dataDir, ['admin', 'devchain', 'fund', payoutWallet, '200', '--token', 'DEV']);
  // In a block before the pair is saved: saving reads the payout wallet at once, and a reading
  // taken before the funding block (0 DEV) would stand until the wallet's next read, 5 minutes on.
  coffer(env.dataDir, ['admin', 'devchain', 'mine']);
  const saved = await call<{ id: number }>(
    env.baseURL,
    '/api/v2/exchange/pair/save',
    {
      chainId: E2E_CHAINS.devchain,
      tokenIn: E2E_TOKENS.devUsdt,
      tokenOut: null,
      enabled: true,
      spreadBp: SPREAD_BP,
      toleranceBp: 100,
      minIn: '1',
      maxIn: '1000',
      dailyLimit: '0',
      payoutWallet,
      outsideRule: 2, // hold for review
      googleCode: await who.next(),
    },
    token,
  );
  expect(saved.code, JSON.stringify(saved)).toBe(1);
  const pairId = saved.data.id;
  // The operator prices the pair.
  const merchant = merchantOfPair(env.dataDir, pairId);
  expect(coffer(env.dataDir, ['admin', 'exchange', 'source', '--merchant', merchant, '--pair', String(pairId), '--fixed', FIXED_RATE])).toContain(
    `fixed ${FIXED_RATE} (not market)`,
  );
  const api = await MerchantApi.open(env.baseURL, who);

  // An exchange of 10 USDT, paid in full: paid out 24.75 DEV.
  const payee = randomAddress();
  const placed = await placeExchange(api, 'swap-e2e-1', '10', payee);
  const paidHash = pay(env.dataDir, placed.payAddress, '10');
  const done = await waitForExchange(env.baseURL, token, placed.orderNo, [8]);
  expect(done).toMatchObject({ hash: paidHash, paidIn: '10', amountOut: '24.75', merchantOrderNo: 'swap-e2e-1' });
  expect(done.outHash).toMatch(/^0x[0-9a-fA-F]{64}$/);

  await openOrders(page, who);
  await expect(page.getByTestId('screen-purpose')).toContainText('which pair, what came in and went out');
  const row = page.getByTestId(`exchange-row-${placed.orderNo}`);
  await expect(row.getByTestId('exchange-merchant-order-no')).toHaveText('swap-e2e-1');
  await expect(row.getByTestId('exchange-pair')).toHaveText('Devchain USDT → DEV');
  await expect(row.getByTestId('exchange-paid-in')).toHaveText('10.0000 USDT');
  await expect(row.getByTestId('exchange-amount-out')).toHaveText('24.7500 DEV');
  await expect(row.getByTestId('exchange-rate')).toHaveText('1 USDT = 2.475 DEV');
  await expect(row.getByTestId('exchange-rate-fixed')).toHaveText('fixed, not market');
  await expect(row.getByTestId('exchange-status')).toHaveText('Complete');

  // The detail: the payment in and the payout, each with its hash (the devchain has no explorer: copy, no link).
  await row.getByTestId('exchange-status').click();
  const drawer = page.getByTestId('exchange-detail-body');
  await expect(drawer.getByTestId('detail-status')).toHaveText('Complete');
  const payment = drawer.getByTestId('detail-leg-payment');
  await expect(payment.getByTestId('detail-payment-hash')).toHaveAttribute('data-hash', paidHash);
  await expect(payment.getByTestId('detail-payer')).toHaveAttribute('data-address', done.fromAddress);
  await expect(payment.getByTestId('detail-paid-in')).toHaveText('10.0000 USDT');
  await expect(payment.getByTestId('detail-payment-confirmations')).toHaveText(/^\d+\/3$/);
  const payout = drawer.getByTestId('detail-leg-payout');
  await expect(payout.getByTestId('detail-payout-hash')).toHaveAttribute('data-hash', done.outHash);
  await expect(payout.getByTestId('detail-payout-status')).toHaveText('Transaction complete');
  await expect(payout.getByTestId('detail-payout-address')).toHaveAttribute('data-address', new RegExp(`^${payee}$`, 'i'));
  await expect(drawer.getByTestId('detail-rate')).toHaveText('1 USDT = 2.475 DEV');
  await expect(drawer.getByTestId('detail-rate-fixed')).toHaveText('fixed, not market');
  await expect(drawer.getByTestId('detail-market-rate')).toHaveText('1 USDT = 2.5 DEV');
  await expect(drawer.getByTestId('detail-spread')).toHaveText('1%');
  await page.locator('.ant-drawer-close').click();

  // The pair filter sends the pair: the exchange is on it.
  const searched = page.waitForRequest((request) => request.url().endsWith('/api/v2/exchange/pagelist') && request.postDataJSON().pairId === pairId);
  await pickOption(page, 'filter-pair', 'Devchain · USDT → DEV');
  await page.getByTestId('filter-search').click();
  await searched;
  await expect(row.getByTestId('exchange-status')).toHaveText('Complete');

  // 12 USDT paid for an exchange of 10: outside the pair's rules, held for a person with the reason.
  const held = await placeExchange(api, 'swap-e2e-2', '10', payee);
  pay(env.dataDir, held.payAddress, '12');
  const waiting = await waitForExchange(env.baseURL, token, held.orderNo, [1]);
  expect(waiting.reason).not.toBe('');
  await page.getByTestId('filter-search').click();
  const heldRow = page.getByTestId(`exchange-row-${held.orderNo}`);
  await expect(heldRow.getByTestId('exchange-status')).toHaveText('Held for review');
  await expect(heldRow.getByTestId('exchange-status-reason')).toHaveText(waiting.reason);
  // Home counts it as waiting, and its link opens the Orders tab filtered to the held ones: the complete one is not listed.
  await openAs(page, who.session, '/home');
  const heldWaiting = page.getByTestId('home-waiting-exchangesHeld');
  await expect(heldWaiting.locator('.ant-tag')).toHaveText('1');
  await heldWaiting.getByRole('link').click();
  // Filtered to held ones, from the merchant's day of the oldest (today's: the 7 days stand).
  await expect(page).toHaveURL(/#\/token\/trade\?tab=orders&status=1&since=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByTestId('filter-status')).toContainText('Held for review');
  await expect(heldRow.getByTestId('exchange-status')).toHaveText('Held for review');
  await expect(row).toHaveCount(0);
  await openOrders(page, who);
  await heldRow.getByTestId('exchange-status').click();
  await expect(drawer.getByTestId('detail-payout-none')).toHaveText('Nothing has been paid out yet.');
  await page.getByTestId('detail-pay-out').click();
  await passInDialog(page, who, 'detail-pay-out-sure');
  await expect(toastText(page)).toContainText('Paying out');
  await expect(page.getByTestId('detail-pay-out')).toHaveCount(0);
  const paidOut = await waitForExchange(env.baseURL, token, held.orderNo, [8]);
  expect(paidOut.paidIn).toBe('12');
  await page.locator('.ant-drawer-close').click();
  await page.getByTestId('filter-search').click();
  await expect(heldRow.getByTestId('exchange-status')).toHaveText('Complete');

  // Token detail › Trade: the token's own exchanges (USDT in or out, on its chain).
  const usdt = (await assets(env.baseURL, token)).find((asset) => asset.chainId === E2E_CHAINS.devchain && asset.tokenId === E2E_TOKENS.devUsdt)!;
  await openAs(page, who.session, `/token/token-detail?id=${usdt.id}`);
  await page.getByTestId('detail-tab-trade').click();
  await expect(page.getByTestId('exchanges-215').getByTestId(`exchange-row-${placed.orderNo}`)).toBeVisible();
  await expect(page.getByTestId('exchanges-215').getByTestId(`exchange-row-${held.orderNo}`)).toBeVisible();
});
