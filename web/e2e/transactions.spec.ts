import { readFileSync } from 'node:fs';
import { makeDeposit, search } from './deposits';
import { expect, openAs, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { USERS } from './users';
import { pickOption } from './wallets';
import { Authenticator, fundPaymentWallet, requestWithdrawal } from './withdrawals';

// Transactions › Transaction list (402) over the real server: a devchain deposit and a console
// withdrawal appear in one list with their types, the Type filter narrows it, and the export
// downloads the server's CSV holding both order numbers.

const PAGE_TX = '/api/partner/user/pageTx';

let ready: Promise<{ who: Authenticator; deposit: string; withdrawal: string }> | null = null;
/** One deposit and one withdrawal for the whole file. */
const orders = (env: E2eEnv) =>
  (ready ??= (async () => {
    const who = await Authenticator.bind(env, await signInAs(env, USERS.transactions));
    await fundPaymentWallet(env, who.session.sessionCode, '50');
    const deposit = await makeDeposit(env, who.session.sessionCode, 'tx-user-1', '7');
    const withdrawal = await requestWithdrawal(env, who, '3');
    return { who, deposit: deposit.orderNo, withdrawal: withdrawal.orderNo };
  })());

test('the transaction list shows a deposit and a withdrawal, narrows by type and exports both', async ({ page, env }) => {
  test.setTimeout(150_000);
  const { who, deposit, withdrawal } = await orders(env);
  await openAs(page, who.session, '/transactions/transaction-list');
  // Other specs add orders to the same merchant: the largest page keeps ours on it.
  await pickOption(page, 'tx-page-size', '100 / page');
  const depositRow = page.getByTestId(`tx-row-${deposit}`);
  const withdrawalRow = page.getByTestId(`tx-row-${withdrawal}`);
  await expect(depositRow.getByTestId('tx-type')).toHaveText('Deposit');
  await expect(depositRow.getByTestId('tx-amount')).toHaveAttribute('data-amount', '7');
  await expect(withdrawalRow.getByTestId('tx-type')).toHaveText('Withdrawal');
  await expect(withdrawalRow.getByTestId('tx-amount')).toHaveAttribute('data-amount', '3');
  await expect(page.getByTestId('tx-page')).toHaveText('Page 1');

  // The server's file of the filter: both orders, under the server's name.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tx-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{8}-\d{8}\.csv$/);
  const text = readFileSync(await download.path()).toString('utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n');
  expect(lines[0]).toMatch(/^Order number,Merchant order number,Type,OpenID,Chain,Token,/);
  expect(lines.find((line) => line.startsWith(`${deposit},`))).toContain(',Deposit,tx-user-1,Devchain,USDT,');
  expect(lines.find((line) => line.startsWith(`${withdrawal},`))).toContain(',Withdrawal,');
  await expect(toastText(page)).toHaveText(/^Exported \d+ rows$/);

  // The Type filter narrows to one kind.
  await pickOption(page, 'filter-type', 'Withdrawal');
  expect(await search(page, PAGE_TX)).toMatchObject({ type: 2, pageSize: 100 });
  await expect(withdrawalRow).toBeVisible();
  await expect(depositRow).toHaveCount(0);
  await expect(page.locator('[data-testid="tx-type"]').filter({ hasText: 'Deposit' })).toHaveCount(0);

  await pickOption(page, 'filter-type', 'Deposit');
  expect(await search(page, PAGE_TX)).toMatchObject({ type: 1 });
  await expect(depositRow).toBeVisible();
  await expect(withdrawalRow).toHaveCount(0);

  // A withdrawal row opens the withdrawal's drawer.
  await pickOption(page, 'filter-type', 'Withdrawal');
  await search(page, PAGE_TX);
  await withdrawalRow.getByTestId('tx-detail-open').click();
  await expect(page.getByTestId('detail-source')).toHaveText('Console');
});
