import path from 'node:path';
import { call, type Session } from './api';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { coffer } from './server';
import { USERS } from './users';

// Account > IP list (menu 701): request, operator approval through the CLI, delete.

interface IpRow {
  id: number;
  ip: string;
  applyStatus: number;
  status: number;
}

// One sign-in per user for the file: login codes are limited to one per e-mail per 60 s.
let writerSession: Promise<Session> | null = null;
const writer = (env: E2eEnv) => (writerSession ??= signInAs(env, USERS.ip));

async function ips(baseURL: string, token: string): Promise<IpRow[]> {
  const answer = await call<{ list: IpRow[] }>(baseURL, '/api/partner/ipConfigs/getPartnerIps', { page: 1, pageSize: 100 }, token);
  expect(answer.code).toBe(1);
  return answer.data.list;
}

test('request an IP, the operator approves it, delete it', async ({ page, env }) => {
  const session = await writer(env);
  const address = '203.0.113.7';
  await openAs(page, session, '/account/ip-list');
  await expect(page.getByTestId('ip-list-tip')).toContainText('merchant API');
  await expect(page.getByTestId('ip-count')).toHaveText('0 / 10');

  // An invalid address is refused in the form: nothing is sent.
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/ipConfigs/requestPartnerIp')) requests += 1;
  });
  await page.getByTestId('ip-request').click();
  await page.getByTestId('ip-form-submit').click();
  await expect(page.getByText('IP address cannot be empty')).toBeVisible();
  await page.getByTestId('ip-form-ip').fill('203.0.113.300');
  await page.getByTestId('ip-form-submit').click();
  await expect(page.getByText('Invalid IP address')).toBeVisible();
  expect(requests).toBe(0);

  await page.getByTestId('ip-form-ip').fill(address);
  await page.getByTestId('ip-form-remark').fill('office gateway');
  await page.getByTestId('ip-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');
  expect(requests).toBe(1);
  const row = page.getByTestId(`ip-row-${address}`);
  await expect(row.getByTestId('ip-apply-status')).toHaveText('Awaiting review');
  await expect(row.getByTestId('ip-status')).toHaveText('Not effective');
  await showAllColumns(page); // the remark is a secondary column
  await expect(row).toContainText('office gateway');
  await expect(page.getByTestId('ip-count')).toHaveText('1 / 10');

  // The same address again: the server refuses, its message is toasted and the dialog stays open.
  await page.getByTestId('ip-request').click();
  await page.getByTestId('ip-form-ip').fill(address);
  await page.getByTestId('ip-form-submit').click();
  await expect(toastText(page)).toHaveText('This IP address is already listed');
  await expect(page.getByTestId('ip-form-ip')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('ip-form-ip')).toHaveCount(0);

  const requested = (await ips(env.baseURL, session.sessionCode)).find((entry) => entry.ip === address);
  expect(requested).toMatchObject({ applyStatus: 0, status: 0 });
  coffer(env.dataDir, ['admin', 'ip', 'approve', String(requested!.id)]);

  await page.reload();
  await expect(row.getByTestId('ip-apply-status')).toHaveText('Approved');
  await expect(row.getByTestId('ip-status')).toHaveText('Effective');
  await expect(row.locator('td').nth(5)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/); // review time
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'ip-list.png') });

  await row.getByTestId('ip-delete').click();
  await page.getByTestId('ip-delete-cancel').click();
  await expect(row).toBeVisible();
  await row.getByTestId('ip-delete').click();
  await page.getByTestId('ip-delete-sure').click();
  await expect(toastText(page)).toHaveText('Successfully deleted');
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('ip-count')).toHaveText('0 / 10');
  expect((await ips(env.baseURL, session.sessionCode)).some((entry) => entry.ip === address)).toBe(false);
});

test('a role without 70101 and 70102 sees the list without the buttons', async ({ page, env }) => {
  const token = (await writer(env)).sessionCode;
  const added = await call<{ id: number }>(env.baseURL, '/api/partner/ipConfigs/requestPartnerIp', { ip: '2001:db8::7', remark: 'reader check' }, token);
  expect(added.code).toBe(1);
  const reader = await signInAs(env, USERS.ipReader);
  const refused = await call(env.baseURL, '/api/partner/ipConfigs/requestPartnerIp', { ip: '198.51.100.7' }, reader.sessionCode);
  expect(refused.code).toBe(10403);

  await openAs(page, reader, '/account/ip-list');
  const row = page.getByTestId('ip-row-2001:db8::7');
  await expect(row.getByTestId('ip-apply-status')).toHaveText('Awaiting review');
  await expect(page.getByTestId('ip-count')).toHaveText('1 / 10');
  await expect(page.getByTestId('ip-request')).toHaveCount(0);
  await expect(page.getByTestId('ip-delete')).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);

  const removed = await call(env.baseURL, '/api/partner/ipConfigs/deletePartnerIp', { id: added.data.id }, token);
  expect(removed.code).toBe(1);
});
