import { expect, openAs, test } from './fixtures';
import { coffer, E2E_CONFIRMATIONS } from './server';
import { pickOption } from './wallets';

// Service list (menu 10), Rates tab, over the real rate card: the operator sets the demo
// merchant's payment fee with `coffer admin rate set`; the screen shows the new row in force and
// the default row it closed, expired at the moment the new one starts.

/** The demo merchant: the first merchant of the run's fresh database. */
const DEMO_MERCHANT = '1';

/** `coffer admin rate` prints one row a line: id, service, terms, pay, from, to, status (tab-separated). */
function rows(out: string) {
  return out
    .trim()
    .split('\n')
    .map((line) => {
      const [id, service, terms, pay, from, to, status] = line.split('\t');
      return { id, service, terms, pay, from: from.replace(/^from /, ''), to: to.replace(/^to /, ''), status };
    });
}

test('a rate set with the CLI shows in force, and the row it closed as expired', async ({ page, env }) => {
  const set = coffer(env.dataDir, [
    'admin', 'rate', 'set', '--merchant', DEMO_MERCHANT, '--service', 'payment',
    '--mode', 'percent', '--percent', '0.5', '--min', '0.1', '--max', '10.123456', '--pay', 'postpaid',
  ]);
  const [added] = rows(set);
  expect(added.status).toBe('effective');
  const closed = rows(coffer(env.dataDir, ['admin', 'rate', 'list', '--merchant', DEMO_MERCHANT])).find(
    (row) => row.service === 'payment' && row.to === added.from,
  )!;
  expect(closed.status).toBe('expired');

  // The shared session (a user of the demo merchant with every menu): signing the demo user in
  // again would ask for a new e-mail code, refused within a minute of another spec's (Do Not Resend).
  await openAs(page, env.shared, '/service');
  await expect(page.getByTestId('service-tab-rates')).toBeVisible();

  const current = page.getByTestId(`rate-row-${added.id}`);
  await expect(current.getByTestId('rate-service')).toHaveText('Payment fee');
  await expect(current.getByTestId('rate-mode')).toHaveText('Percent');
  await expect(current.getByTestId('rate-text')).toHaveText('0.5% (min 0.1000, max 10.1234 USDT points)');
  await expect(current.getByTestId('rate-text')).toHaveAttribute('data-exact', '0.5% (min 0.1, max 10.123456 USDT points)');
  await expect(current.getByTestId('rate-pay')).toHaveText('Postpaid on the monthly bill');
  await expect(current.getByTestId('rate-to')).toHaveText('—');
  await expect(current.getByTestId('rate-status')).toHaveText('Effective');

  // The default it replaced (built in: nothing charged, prepaid) ends where the new row starts.
  const previous = page.getByTestId(`rate-row-${closed.id}`);
  await expect(previous.getByTestId('rate-service')).toHaveText('Payment fee');
  await expect(previous.getByTestId('rate-text')).toHaveText('0.0000 USDT points per transaction');
  await expect(previous.getByTestId('rate-pay')).toHaveText('Prepaid from points');
  await expect(previous.getByTestId('rate-status')).toHaveText('Expired');
  const from = (await current.getByTestId('rate-from').textContent())!;
  expect(from).not.toBe('—');
  await expect(previous.getByTestId('rate-to')).toHaveText(from);

  // Newest first: the new row above the one it closed.
  const ids = await page.locator('[data-testid^="rate-row-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));
  expect(ids.indexOf(`rate-row-${added.id}`)).toBeLessThan(ids.indexOf(`rate-row-${closed.id}`));

  // At the narrowest width staff work at (docs/console.md, "Lists"), every column fits: no sideways scroll.
  await page.setViewportSize({ width: 1200, height: 900 });
  const content = page.getByTestId('service-rates').locator('.ant-table-content');
  await expect.poll(() => content.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
});

/** The platform merchant, as points.spec.ts makes it (the same command: running it again changes nothing). */
const PLATFORM = { email: 'platform@coffer.local', password: 'Platform-Pass-2026' };

test('Bills shows where a bill is paid once the operator has set up the platform merchant', async ({ page, env }) => {
  coffer(env.dataDir, ['admin', 'points', 'platform', '--email', PLATFORM.email, '--password', PLATFORM.password]);
  // No month has ended with anything owed on this fresh database: the operator's list says so.
  expect(coffer(env.dataDir, ['admin', 'bill', 'list']).trim()).toBe('No bills.');

  await openAs(page, env.shared, '/service');
  await page.getByTestId('service-tab-bills').click();
  const devchain = page.getByTestId('billing-addresses').locator('[data-testid^="billing-row-"]').filter({ hasText: 'Devchain' });
  await expect(devchain.getByTestId('billing-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(devchain.getByTestId('billing-token')).toHaveText('USDT');
  await expect(devchain.getByTestId('billing-confirmations')).toHaveText(`Accepted after ${E2E_CONFIRMATIONS} confirmations`);
  await expect(page.getByTestId('billing-not-set-up')).toHaveCount(0);
  await expect(page.getByTestId('service-bills-empty')).toBeVisible();

  // The billing address is the platform's, not the merchant's recharge address.
  const billing = (await devchain.getByTestId('billing-address').textContent())!;
  await openAs(page, env.shared, '/points');
  await pickOption(page, 'points-recharge-chain', 'Devchain');
  await expect(page.getByTestId('points-recharge-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(page.getByTestId('points-recharge-address')).not.toHaveText(billing);
});
