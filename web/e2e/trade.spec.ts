import { call } from './api';
import { enableDevUsdt } from './deposits';
import { expect, openAs, signInAs, test, toastText } from './fixtures';
import { E2E_CHAINS } from './server';
import { USERS } from './users';
import { addHotWallet, hotWallets, pickOption, short } from './wallets';
import { Authenticator } from './withdrawals';

// Token › Trade (menu 204) against the real server: a pair is added from the console (devchain
// USDT → the native DEV), shows stopped with "no price source" (the operator has not set one), and
// its spread is edited. A sub-account holding 20401 does it, not the demo admin: binding Google to
// the demo admin would change its sign-in for the other specs.

const NO_SOURCE = 'This pair has no price source yet: the operator sets one';

interface Pair {
  id: number;
  spreadBp: number;
  toleranceBp: number;
  tokenIn: { tokenId: number | null };
  tokenOut: { tokenId: number | null };
  payoutWallet: string;
  outsideRule: number;
  price: { stopped: { code: number; msg: string } | null };
}

test('a pair is added, shows stopped without a price source, and its spread is edited', async ({ page, env }) => {
  test.setTimeout(120_000); // two Google codes: the second may wait for the next 30 s step
  const who = await Authenticator.bind(env, await signInAs(env, USERS.trade));
  const token = who.session.sessionCode;
  await enableDevUsdt(env, token);
  // A devchain hot wallet that pays (not paused), added when there is none.
  const payout =
    (await hotWallets(env.baseURL, token)).list.find((wallet) => wallet.chainId === E2E_CHAINS.devchain && wallet.status === 0)?.address ??
    (await addHotWallet(env.baseURL, token, E2E_CHAINS.devchain, 'trade e2e')).address;

  await openAs(page, who.session, '/token/trade');
  await expect(page.getByTestId('trade-tip')).toContainText('a stopped pair accepts no order');
  await page.getByTestId('trade-add').click();
  await page.getByTestId('trade-form-submit').click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: 'Please choose a chain' })).toBeVisible();

  await pickOption(page, 'trade-form-chain', 'Devchain');
  await pickOption(page, 'trade-form-token-in', 'USDT');
  await pickOption(page, 'trade-form-token-out', 'DEV (native coin)');
  await page.getByTestId('trade-form-spread').fill('0.5');
  await page.getByTestId('trade-form-tolerance').fill('1');
  await page.getByTestId('trade-form-min').fill('10');
  await page.getByTestId('trade-form-max').fill('1000');
  await page.getByTestId('trade-form-daily').fill('5000');
  await pickOption(page, 'trade-form-payout', payout);
  await page.getByTestId('trade-form-outside').getByText('Hold for review').click();
  await page.getByTestId('trade-form-google-code').fill(await who.next());
  const saved = page.waitForResponse('**/api/v2/exchange/pair/save');
  await page.getByTestId('trade-form-submit').click();
  const answer = (await (await saved).json()) as { code: number; data: { id: number } };
  expect(answer.code, JSON.stringify(answer)).toBe(1);
  await expect(toastText(page)).toHaveText('Successfully saved');
  await expect(page.getByTestId('trade-form-submit')).toHaveCount(0);

  // The server kept what was sent: the native coin as tokenId null, the percents as basis points.
  const listed = await call<Pair[]>(env.baseURL, '/api/v2/exchange/pair/list', {}, token);
  expect(listed.code, JSON.stringify(listed)).toBe(1);
  const added = listed.data.find((pair) => pair.id === answer.data.id)!;
  expect(added).toMatchObject({ spreadBp: 50, toleranceBp: 100, tokenOut: { tokenId: null }, payoutWallet: payout, outsideRule: 2 });
  expect(added.price.stopped).toMatchObject({ code: 22001 });

  const row = page.getByTestId(`trade-row-${answer.data.id}`);
  await expect(row.getByTestId('trade-pair')).toHaveText('Devchain USDT → DEV');
  await expect(row.getByTestId('trade-enabled')).toHaveText('Enabled');
  await expect(row.getByTestId('trade-stopped')).toHaveText(NO_SOURCE);
  await expect(row.getByTestId('trade-stopped')).toHaveClass(/ant-tag-error/);
  await expect(row.getByTestId('trade-quote-rate')).toHaveCount(0);
  await expect(row.getByTestId('trade-source')).toHaveText('No price source');
  await expect(row.getByTestId('trade-spread')).toHaveText('Spread: 0.5%');
  await expect(row.getByTestId('trade-tolerance')).toHaveText('Tolerance: 1%');
  await expect(row.getByTestId('trade-min-max')).toHaveText('10 – 1000 USDT');
  await expect(row.getByTestId('trade-daily')).toHaveText('5000 USDT');
  await expect(row.getByTestId('trade-payout')).toHaveText(short(payout));
  await expect(row.getByTestId('trade-outside')).toHaveText('Hold for review');

  // Edit: the chain and tokens stay, the spread changes.
  await row.getByTestId('trade-edit').click();
  await expect(page.getByTestId('trade-form-spread')).toHaveValue('0.5');
  await page.getByTestId('trade-form-spread').fill('1.25');
  await page.getByTestId('trade-form-google-code').fill(await who.next());
  const edited = page.waitForResponse('**/api/v2/exchange/pair/save');
  await page.getByTestId('trade-form-submit').click();
  expect(((await (await edited).json()) as { code: number }).code).toBe(1);
  await expect(row.getByTestId('trade-spread')).toHaveText('Spread: 1.25%');
  await expect(row.getByTestId('trade-stopped')).toHaveText(NO_SOURCE);
  const after = (await call<Pair[]>(env.baseURL, '/api/v2/exchange/pair/list', {}, token)).data.find((pair) => pair.id === answer.data.id)!;
  expect(after).toMatchObject({ spreadBp: 125, toleranceBp: 100, tokenIn: { tokenId: added.tokenIn.tokenId }, tokenOut: { tokenId: null } });
});

test('a role without 20401 sees the pairs without Add pair and Edit', async ({ page, env }) => {
  // The shared session holds every page but no 204xx button; it sees the demo merchant's pair
  // added by the test above (the tests of a file run in order, one worker).
  await openAs(page, env.shared, '/token/trade');
  await expect(page.locator('[data-testid^="trade-row-"]')).not.toHaveCount(0);
  await expect(page.getByTestId('trade-refresh')).toBeVisible();
  await expect(page.getByTestId('trade-add')).toHaveCount(0);
  await expect(page.getByTestId('trade-edit')).toHaveCount(0);
});
