import { expect, openAs, test } from './fixtures';
import { coffer, E2E_CONFIRMATIONS } from './server';
import { pickOption } from './wallets';

// Points list (menu 11) over the real ledger: the operator grants the demo merchant points with
// `coffer admin points grant` and the screen shows the balance (4 decimals rounded down, the
// exact value kept) and the grant as a ledger row; with the platform merchant designated by
// `coffer admin points platform`, Recharge shows the demo merchant's recharge address.

/** The demo merchant: the first merchant of the run's fresh database. */
const DEMO_MERCHANT = '1';

test('points granted with the CLI show as the balance and a ledger row', async ({ page, env }) => {
  const reference = `e2e-${process.pid}`;
  const out = coffer(env.dataDir, ['admin', 'points', 'grant', '--merchant', DEMO_MERCHANT, '--asset', 'usdt', '--amount', '12.345678', '--reference', reference]);
  expect(out).toMatch(/^(Done|Already done): transfer \d+/);
  const balance = coffer(env.dataDir, ['admin', 'points', 'balance', '--merchant', DEMO_MERCHANT]);
  const available = /USDT points\tposted \S+\theld \S+\tavailable (\S+)/.exec(balance)![1];

  // The shared session (a user of the demo merchant with every menu): signing the demo user in
  // again would ask for a new e-mail code, refused within a minute of another spec's (Do Not Resend).
  await openAs(page, env.shared, '/points');
  const usdt = page.getByTestId('points-available-1');
  await expect(usdt).toHaveAttribute('data-amount', available);
  await expect(page.getByTestId('points-held-1')).toHaveText('0.0000 USDT');
  await expect(page.getByTestId('points-recharge')).toBeVisible();

  const row = page.locator('[data-testid^="points-row-"]').filter({ hasText: `grant:${reference}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('points-cause')).toHaveText('Adjustment');
  await expect(row.getByTestId('points-kind')).toHaveText('Posted');
  await expect(row.getByTestId('points-amount')).toHaveText('+12.3456 USDT');
  await expect(row.getByTestId('points-amount')).toHaveAttribute('data-amount', '12.345678');
  await expect(row.getByTestId('points-asset')).toHaveText('USDT points');
});

/** The platform merchant, made by the CLI: its deposit addresses take the merchants' recharges. */
const PLATFORM = { email: 'platform@coffer.local', password: 'Platform-Pass-2026' };

test('with the platform merchant set up by the CLI, Recharge shows the address on the chosen chain', async ({ page, env }) => {
  const out = coffer(env.dataDir, ['admin', 'points', 'platform', '--email', PLATFORM.email, '--password', PLATFORM.password]);
  expect(out).toMatch(/platform merchant/i);

  // The shared session, as above.
  await openAs(page, env.shared, '/points');
  const recharge = page.getByTestId('points-recharge');
  await pickOption(page, 'points-recharge-chain', 'Devchain');
  const address = recharge.getByTestId('points-recharge-address');
  await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const shown = (await address.textContent())!;
  await expect(recharge.getByTestId('points-recharge-qr')).toHaveAttribute('data-value', shown);
  await expect(recharge.getByTestId('points-recharge-qr').locator('svg')).toBeVisible();
  await expect(recharge.getByTestId('points-recharge-token')).toHaveText('USDT');
  await expect(recharge.getByTestId('points-recharge-rule')).toHaveText('The amount must be greater than 1 USDT');
  await expect(recharge.getByTestId('points-recharge-confirmations')).toHaveText(`Credited after ${E2E_CONFIRMATIONS} confirmations`);
  await expect(recharge.getByTestId('points-recharge-refused')).toHaveCount(0);

  // The same address on the next visit: it is the merchant's own, made once.
  await page.reload();
  await pickOption(page, 'points-recharge-chain', 'Devchain');
  await expect(page.getByTestId('points-recharge-address')).toHaveText(shown);
});
