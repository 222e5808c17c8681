import { expect, openAs, signInAs, test } from './fixtures';
import { coffer } from './server';
import { DEMO } from './users';

// Points list (menu 11) over the real ledger: the operator grants the demo merchant points with
// `coffer admin points grant` and the screen shows the balance (4 decimals rounded down, the
// exact value kept) and the grant as a ledger row.

/** The demo merchant: the first merchant of the run's fresh database. */
const DEMO_MERCHANT = '1';

test('points granted with the CLI show as the balance and a ledger row', async ({ page, env }) => {
  const reference = `e2e-${process.pid}`;
  const out = coffer(env.dataDir, ['admin', 'points', 'grant', '--merchant', DEMO_MERCHANT, '--asset', 'usdt', '--amount', '12.345678', '--reference', reference]);
  expect(out).toMatch(/^(Done|Already done): transfer \d+/);
  const balance = coffer(env.dataDir, ['admin', 'points', 'balance', '--merchant', DEMO_MERCHANT]);
  const available = /USDT points\tposted \S+\theld \S+\tavailable (\S+)/.exec(balance)![1];

  await openAs(page, await signInAs(env, DEMO), '/points');
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
