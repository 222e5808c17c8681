import { expect, openAs, signInAs, test } from './fixtures';
import { USERS } from './users';
import { Authenticator, passInDialog } from './withdrawals';

// Token › Energy's smart-collection switches against the real server: a role without 20302 sees
// them disabled; one holding it (Google bound) turns setCollect on, which the server keeps.

test('the smart-collection switches are disabled without 20302', async ({ page, env }) => {
  // The shared session holds every menu id but the buttons 20301 and 20302.
  await openAs(page, env.shared, '/token/energy');
  for (const name of ['energyCollect', 'energyPay', 'trxCollect']) {
    await expect(page.getByTestId(`energy-smart-${name}`)).toBeDisabled();
  }
  await page.getByTestId('energy-smart-locked-energyCollect').hover();
  await expect(page.getByText('Your role cannot change smart collection.')).toBeVisible();
});

test('setCollect is turned on with the Google code and stays on after a reload', async ({ page, env }) => {
  const who = await Authenticator.bind(env, await signInAs(env, USERS.energySmart));
  await openAs(page, who.session, '/token/energy');
  const collect = page.getByTestId('energy-smart-energyCollect');
  await expect(collect).toBeEnabled();
  await expect(collect).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('energy-smart-burn-warning')).toHaveCount(0);
  // The profile's smartSaving, measured by the server: nothing collected on energy yet.
  await expect(page.getByTestId('energy-saving-none')).toHaveText('No collection ran on energy in the last 30 days.');

  await collect.click();
  const turned = page.waitForResponse('**/api/partner/energy/setCollect');
  await passInDialog(page, who, 'energy-smart-sure');
  const answer = (await (await turned).json()) as { code: number; data: { energyCollect: boolean; energyPay: boolean } };
  expect(answer.code).toBe(1);
  expect(answer.data).toMatchObject({ energyCollect: true, energyPay: false });
  await expect(page.getByText('Successfully opened')).toBeVisible();
  await expect(collect).toHaveAttribute('aria-checked', 'true');
  // Energy is not paid with TRX points yet: collections still burn TRX.
  await expect(page.getByTestId('energy-smart-burn-warning')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('energy-smart-energyCollect')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('energy-smart-energyPay')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('energy-smart-burn-warning')).toBeVisible();
});
