import type { Page } from '@playwright/test';
import { expect, hashPath, openAs, signInAs, test } from './fixtures';
import { coffer, E2E_CHAINS } from './server';
import { USERS } from './users';
import { countRequests } from './wallets';
import { Authenticator, passInDialog } from './withdrawals';

// Token › Energy (menu 203) against the real server. The e2e TRON chain's node is never reached
// (nothing listens on its port), so the server has no energy price and cannot price an order:
// the screen shows what the server says. A price is served in place of estimatePrice only to
// show who may buy it; the order itself goes to the real server, which knows no such quote.

const RECEIVER = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** The platform merchant, as points.spec.ts makes it (running the command again changes nothing). */
const PLATFORM = { email: 'platform@coffer.local', password: 'Platform-Pass-2026' };

/** Fills the order form with valid terms: 3 uses over 3 days, 1 a day. */
async function fillTerms(page: Page) {
  await page.getByTestId('energy-address').fill(RECEIVER);
  await page.getByTestId('energy-times').fill('3');
  await page.getByTestId('energy-days').fill('3');
  await page.getByTestId('energy-max-daily').fill('1');
}

/** A price as the contract words it, answered in place of the server's (which has no node to ask). */
async function serveQuote(page: Page) {
  const quote = {
    quoteId: 'made-up-by-the-test',
    validSeconds: 30,
    expiresAt: Math.floor(Date.now() / 1000) + 30,
    chainId: E2E_CHAINS.tron,
    address: RECEIVER,
    times: 3,
    days: 3,
    maxDailyUses: 1,
    activate: false,
    needsActivation: false,
    activationPoints: '0',
    energyPerUse: 130285,
    energyToHolder: 64285,
    pricePerUse: '1.5',
    usesPoints: '4.5',
    totalPoints: '4.5',
    energyPrice: 100,
    burnPerUse: '13.0285',
    burnTotal: '39.0855',
    trxPoints: '0',
    enough: false,
  };
  await page.route('**/api/partner/energy/estimatePrice', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: 'success', data: quote }) }),
  );
}

test('Energy opens from the sidebar: no TRX points, no price without a TRON node, no orders', async ({ page, env }) => {
  await openAs(page, env.shared, '/home');
  await page.getByTestId('menu-2').click();
  await page.getByTestId('menu-203').click();
  await expect(page.getByTestId('energy')).toBeVisible();
  expect(hashPath(page)).toBe('/token/energy');
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);

  await expect(page.getByTestId('energy-trx-available')).toHaveText('0.0000 TRX points');
  await expect(page.getByTestId('energy-trx-held')).toHaveText('0.0000 TRX points');
  await expect(page.getByTestId('energy-orders-in-progress')).toHaveText('0');
  await expect(page.getByTestId('energy-uses-month')).toHaveText('0');
  await expect(page.getByTestId('energy-price')).toHaveText('—');
  await expect(page.getByTestId('energy-price-age')).toHaveCount(0);
  await expect(page.getByTestId('energy-orders-empty')).toBeVisible();
  // The TRON chain of the run's configuration is the form's chain.
  await expect(page.getByTestId('energy-form').locator('.ant-select-selection-item')).toHaveText('TRON');
});

test('the order form refuses missing and out-of-range terms without asking a price', async ({ page, env }) => {
  await openAs(page, env.shared, '/token/energy');
  const priced = countRequests(page, '/api/partner/energy/estimatePrice');
  const form = page.getByTestId('energy-form');
  await page.getByTestId('energy-get-price').click();
  for (const text of ['Address cannot be empty', 'Times cannot be empty', 'Days cannot be empty', 'Max daily uses cannot be empty']) {
    await expect(form.getByText(text)).toBeVisible();
  }

  await page.getByTestId('energy-address').fill('0x5FbDB2315678afecb367f032d93F642f64180aa3');
  await page.getByTestId('energy-times').fill('3');
  await page.getByTestId('energy-days').fill('366');
  await page.getByTestId('energy-max-daily').fill('4');
  await page.getByTestId('energy-get-price').click();
  await expect(form.getByText('Invalid address for this chain')).toBeVisible();
  await expect(form.getByText('Days must be a whole number from 1 to 365')).toBeVisible();
  await expect(form.getByText('Max daily uses must be a whole number from 1 to the times (3)')).toBeVisible();
  await page.getByTestId('energy-times').fill('10001');
  await page.getByTestId('energy-get-price').click();
  await expect(form.getByText('Times must be a whole number from 1 to 10000')).toBeVisible();
  expect(priced()).toBe(0);
});

test("Get price shows the server's refusal when no TRON node answers", async ({ page, env }) => {
  await openAs(page, env.shared, '/token/energy');
  await fillTerms(page);
  const answered = page.waitForResponse('**/api/partner/energy/estimatePrice');
  await page.getByTestId('energy-get-price').click();
  const answer = (await (await answered).json()) as { code: number; msg: string };
  expect(answer.code).toBe(10503); // unavailable: no TRON node answers
  await expect(page.getByTestId('energy-refused')).toHaveText(answer.msg);
  await expect(page.getByTestId('energy-quote')).toHaveCount(0);
});

test('Recharge TRX points shows the merchant’s TRON address once the operator has set up the platform merchant', async ({ page, env }) => {
  await openAs(page, env.shared, '/token/energy');
  await page.getByTestId('energy-recharge').click();
  const refused = page.getByTestId('energy-recharge-refused');
  const address = page.getByTestId('energy-recharge-address');
  await expect(refused.or(address)).toBeVisible();
  if (await refused.isVisible()) {
    // No platform merchant yet (a spec that makes one may have run before this one).
    await expect(refused).toHaveText('Recharging in USDT is not available on this chain yet');
  }

  coffer(env.dataDir, ['admin', 'points', 'platform', '--email', PLATFORM.email, '--password', PLATFORM.password]);
  await page.reload();
  await page.getByTestId('energy-recharge').click();
  await expect(address).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByTestId('energy-recharge-qr')).toHaveAttribute('data-value', (await address.textContent())!);
  await expect(page.getByTestId('energy-recharge-rate')).toHaveText('1 TRX = 1 TRX point');
  await expect(page.getByTestId('energy-recharge-minimum')).toHaveText('The amount must be greater than 1 TRX');
  await expect(page.getByTestId('energy-recharge-confirmations')).toHaveText(/^Credited after \d+ confirmations$/);
  await expect(refused).toHaveCount(0);
});

test('Buy is shown to a role holding it (20301) and the real server refuses a quote it never gave', async ({ page, env }) => {
  // The shared session holds every menu but 20301: it may get a price, not buy.
  await serveQuote(page);
  await openAs(page, env.shared, '/token/energy');
  await fillTerms(page);
  await page.getByTestId('energy-get-price').click();
  await expect(page.getByTestId('energy-quote-total')).toHaveText('4.5000 TRX points');
  await expect(page.getByTestId('energy-quote-not-enough')).toBeVisible();
  await expect(page.getByTestId('energy-buy')).toHaveCount(0);
  await expect(page.getByTestId('energy-buy-not-allowed')).toBeVisible();

  // A buyer (20301, Google bound) gets the same price and may buy it.
  const who = await Authenticator.bind(env, await signInAs(env, USERS.energyBuyer));
  await openAs(page, who.session, '/token/energy');
  await fillTerms(page);
  await page.getByTestId('energy-get-price').click();
  await expect(page.getByTestId('energy-quote-countdown')).toHaveText(/^Valid for \d+ s$/);
  await page.getByTestId('energy-buy').click();
  const ordered = page.waitForResponse('**/api/partner/energy/order');
  await passInDialog(page, who, 'energy-buy-sure');
  const answer = (await (await ordered).json()) as { code: number; msg: string };
  expect(answer.code).toBe(21001);
  await expect(page.getByTestId('energy-refused')).toHaveText(answer.msg);
  await expect(page.getByTestId('energy-orders-empty')).toBeVisible();
});
