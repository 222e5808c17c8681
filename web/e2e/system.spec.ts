import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { call, type Session } from './api';
import { ARTIFACTS, expect, openAs, settle, showAllColumns, signInAs, test, toastText, type E2eEnv } from './fixtures';
import { E2E_CHAINS } from './server';
import { freshTotp } from './totp';
import { USERS } from './users';
import { bindGoogle, countRequests, pickOption, filterField } from './wallets';

// System (menu 8) against the real server: the API key (803) with Google authenticator, the
// merchant's RSA key and the platform key, the callback address (804), the whitelist (805) and
// the blacklist (802). Every change made here is undone at the end of its test.

interface Settings {
  hasKey: boolean;
  keyId: string | null;
  callbackUrl: string;
  clientKey: { fingerprint: string; bits: number } | null;
  platformKeyId: string;
  platformPublicKey: string;
}

const NOT_BOUND = 'Please bind Google verification code first';
const URL_INVALID = 'The callback address must be an http:// or https:// URL with a host, at most 512 characters';
/** EIP-55 test vector: a mixed-case address with a valid checksum. */
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * One sign-in per user for the run: login codes are limited to one per e-mail per 60 s, and once
 * the system user has bound Google a second API sign-in would need its authenticator. The session
 * is kept in the run's data folder, so a worker restarted after a failed test reuses it. The
 * whitelist and blacklist use a second writer, so they do not depend on the API key test.
 */
const sessions = new Map<string, Promise<Session>>();
function signedIn(env: E2eEnv, user: { email: string; password: string }): Promise<Session> {
  const file = path.join(env.dataDir, `system-spec-${user.email}.json`);
  let session = sessions.get(user.email);
  if (!session) {
    session = existsSync(file)
      ? Promise.resolve(JSON.parse(readFileSync(file, 'utf8')) as Session)
      : signInAs(env, user).then((fresh) => {
          writeFileSync(file, JSON.stringify(fresh));
          return fresh;
        });
    sessions.set(user.email, session);
  }
  return session;
}
const systemUser = (env: E2eEnv) => signedIn(env, USERS.system);
const accessUser = (env: E2eEnv) => signedIn(env, USERS.systemAccess);
/** The authenticator bound by the first test; each code is accepted once, so steps move on. */
let google: { secret: string; counter: number } | null = null;
async function nextCode(): Promise<string> {
  const fresh = await freshTotp(google!.secret, google!.counter);
  google!.counter = fresh.counter;
  return fresh.code;
}

async function settings(env: E2eEnv, token: string): Promise<Settings> {
  const answer = await call<Settings>(env.baseURL, '/api/partner/secret', {}, token);
  expect(answer.code).toBe(1);
  return answer.data;
}

/** Opens the reset dialog: straight away without a key, after the warning with one. */
async function openReset(page: Page, hasKey: boolean) {
  await page.getByTestId('key-reset').click();
  if (hasKey) {
    await expect(page.getByText('old key stops working immediately').first()).toBeVisible();
    await page.getByTestId('key-reset-sure').click();
  }
  await expect(page.getByTestId('secret-submit')).toBeVisible();
}

test('API key: refused without Google, reset and shown with a code; RSA key upload; platform key', async ({ page, context, env }) => {
  test.setTimeout(240_000);
  const session = await systemUser(env);
  const token = session.sessionCode;
  const before = await settings(env, token);
  await openAs(page, session, '/system/api-key');
  await expect(page.getByTestId('platform-key-pem')).toBeVisible();

  // Not bound yet: the dialog says so, and the action shows the server's 11008 message.
  await openReset(page, before.hasKey);
  await expect(page.getByTestId('secret-bind-google')).toContainText(NOT_BOUND);
  await page.getByTestId('secret-submit').click();
  await expect(page.getByTestId('secret-error')).toHaveText(NOT_BOUND);
  await expect(toastText(page)).toHaveText(NOT_BOUND);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect((await settings(env, token)).keyId).toBe(before.keyId); // nothing changed

  google = await bindGoogle(env.baseURL, token);
  await page.reload(); // the console re-reads bindGoogle at start-up

  // Reset: the warning, the code (6 digits), then the new key, once.
  await openReset(page, before.hasKey);
  await page.getByTestId('secret-submit').click();
  await expect(page.getByRole('dialog').getByText('Google verification code cannot be empty')).toBeVisible();
  await page.getByTestId('secret-google-code').fill('12345');
  await page.getByTestId('secret-submit').click();
  await expect(page.getByRole('dialog').getByText('Must be a 6-digit number')).toBeVisible();
  await page.getByTestId('secret-google-code').fill(await nextCode());
  await page.getByTestId('secret-submit').click();
  const shown = page.getByTestId('api-secret');
  await expect(shown).toHaveText(/^ck_[0-9a-f]{16}_[0-9a-f]{64}$/);
  const secret = (await shown.innerText()).trim();
  const keyId = secret.split('_').slice(0, 2).join('_');
  await expect(page.getByTestId('secret-key-id')).toHaveText(keyId);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('secret-copy').click();
  await expect(toastText(page)).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'api-key-reset.png') });
  await page.getByTestId('secret-close').click();
  await expect(page.getByTestId('secret-modal')).toBeHidden();
  await expect(page.getByTestId('key-id')).toHaveText(keyId);
  await expect(page.getByTestId('key-masked')).toHaveText(new RegExp(`^${keyId}_•+$`));
  await expect(page.getByText(secret)).toHaveCount(0); // masked again
  expect((await settings(env, token)).keyId).toBe(keyId);

  // Show it again, with the next code.
  await page.getByTestId('key-show').click();
  await page.getByTestId('secret-google-code').fill(await nextCode());
  await page.getByTestId('secret-submit').click();
  await expect(page.getByTestId('api-secret')).toHaveText(secret);
  await page.getByTestId('secret-close').click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The merchant's RSA key: a private key is refused (checked before the code), a public one saved.
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const fingerprint = createHash('sha256').update(createPublicKey(pair.publicKey).export({ type: 'spki', format: 'der' })).digest('hex');
  await page.getByTestId('client-key-upload').click();
  await page.getByTestId('client-key-pem').fill(pair.privateKey);
  await page.getByTestId('client-key-google-code').fill('000000');
  await page.getByTestId('client-key-submit').click();
  await expect(page.getByTestId('client-key-error')).toContainText('This is a private key');
  await expect(page.getByTestId('client-key-pem')).toBeVisible();
  expect((await settings(env, token)).clientKey?.fingerprint).not.toBe(fingerprint);
  await page.getByTestId('client-key-pem').fill(pair.publicKey);
  await page.getByTestId('client-key-google-code').fill(await nextCode());
  await page.getByTestId('client-key-submit').click();
  await expect(toastText(page)).toHaveText('Successfully saved');
  await expect(page.getByTestId('client-key-fingerprint')).toHaveAttribute('data-fingerprint', fingerprint);
  await expect(page.getByTestId('client-key-bits')).toHaveText('2048');
  expect((await settings(env, token)).clientKey).toMatchObject({ fingerprint, bits: 2048 });

  // The platform key: PEM, copy and download as coffer-platform-<keyId>.pem.
  const platform = await settings(env, token);
  await expect(page.getByTestId('platform-key-id')).toHaveText(platform.platformKeyId);
  await expect(page.getByTestId('platform-key-pem')).toHaveValue(platform.platformPublicKey);
  await expect(page.getByTestId('platform-key-tip')).toContainText('signs every callback');
  await expect(page.getByTestId('platform-key-detail-link')).toHaveAttribute('href', '#/system/api-detail');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('platform-key-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`coffer-platform-${platform.platformKeyId}.pem`);
  expect(readFileSync(await download.path(), 'utf8').trim()).toBe(platform.platformPublicKey.trim());
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'api-key.png'), fullPage: true });
});

test('callback address: a bad URL is refused, set in normalised form, cleared after a confirmation', async ({ page, env }) => {
  // In the second merchant (its admin holds 80402): it has no deposits, so no callback goes out
  // to the address while it is set.
  const session = env.owner;
  const token = session.sessionCode;
  expect((await call(env.baseURL, '/api/partner/callbackurl/save', { callbackUrl: '' }, token)).code).toBe(1);
  await openAs(page, session, '/system/callback');
  const line = page.getByTestId('callback-url-setting');
  await expect(line.getByTestId('callback-url-unset')).toHaveText('Not set');
  await expect(line.getByTestId('callback-url-warning')).toContainText('callbacks wait');

  const saves = countRequests(page, '/api/partner/callbackurl/save');
  await page.getByTestId('callback-url-edit').click();
  for (const bad of ['ftp://shop.example/cb', 'https://user:pw@shop.example/cb', 'https://shop.example/cb#top']) {
    await page.getByTestId('callback-url-input').fill(bad);
    await page.getByTestId('callback-url-submit').click();
    await expect(page.getByText(URL_INVALID)).toBeVisible();
  }
  expect(saves()).toBe(0);
  // The server holds the same rule, in the caller's language.
  const refused = await call(env.baseURL, '/api/partner/callbackurl/save', { callbackUrl: 'https://user:pw@shop.example/cb' }, token);
  expect(refused).toMatchObject({ code: 10422, msg: URL_INVALID });
  // ... and names a wrong scheme as such.
  const ftp = await call(env.baseURL, '/api/partner/callbackurl/save', { callbackUrl: 'ftp://shop.example/cb' }, token);
  expect(ftp).toMatchObject({ code: 10422, msg: 'The address must start with http:// or https://' });

  await page.getByTestId('callback-url-input').fill(' https://shop.example ');
  await page.getByTestId('callback-url-submit').click();
  await expect(toastText(page)).toHaveText('Successfully saved');
  await expect(line.getByTestId('callback-url')).toHaveText('https://shop.example/');
  await expect(line.getByTestId('callback-url-warning')).toHaveCount(0);
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'callback-address.png') });
  expect((await settings(env, token)).callbackUrl).toBe('https://shop.example/');

  await page.getByTestId('callback-url-edit').click();
  await expect(page.getByTestId('callback-url-input')).toHaveValue('https://shop.example/');
  await page.getByTestId('callback-url-input').fill('');
  await page.getByTestId('callback-url-submit').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText('Clear the callback address?');
  await page.getByTestId('callback-clear-cancel').click();
  expect(saves()).toBe(1);
  await page.getByTestId('callback-url-submit').click();
  await page.getByTestId('callback-clear-sure').click();
  await expect(toastText(page)).toHaveText('Callback address cleared');
  await expect(line.getByTestId('callback-url-unset')).toBeVisible();
  expect((await settings(env, token)).callbackUrl).toBe('');
  await expect(page.getByTestId('callback-log')).toBeVisible(); // the log below is still there
});

test('whitelist: an invalid IP is refused, the stored list is canonical, no 11th row', async ({ page, env }) => {
  const session = await accessUser(env);
  const token = session.sessionCode;
  expect((await call(env.baseURL, '/api/partner/allowips/edit', { ips: [] }, token)).code).toBe(1);
  await openAs(page, session, '/system/whitelist');
  await expect(page.getByTestId('whitelist-count')).toHaveText('0 / 10');
  await expect(page.getByTestId('whitelist-tip')).toContainText('IP list');

  const edits = countRequests(page, '/api/partner/allowips/edit');
  await page.getByTestId('whitelist-edit').click();
  await page.getByTestId('whitelist-ip-0').fill('203.0.113.300');
  await page.getByTestId('whitelist-submit').click();
  await expect(page.getByText('Invalid IP address')).toBeVisible();
  expect(edits()).toBe(0);

  const typed = ['203.0.113.9', '2001:DB8:0:0:0:0:0:5', '::ffff:198.51.100.4', '203.0.113.9'];
  for (const [index, ip] of typed.entries()) {
    if (index > 0) await page.getByTestId('whitelist-add-row').click();
    await page.getByTestId(`whitelist-ip-${index}`).fill(ip);
  }
  await page.getByTestId('whitelist-submit').click();
  await expect(toastText(page)).toHaveText('Successfully saved');
  expect(edits()).toBe(1);
  // Canonical (IPv6 compressed in lower case, IPv4-mapped as IPv4), the repeat dropped.
  await expect(page.getByTestId('whitelist-ip')).toHaveText(['203.0.113.9', '2001:db8::5', '198.51.100.4']);
  await expect(page.getByTestId('whitelist-count')).toHaveText('3 / 10');

  await page.getByTestId('whitelist-edit').click();
  for (let rows = 3; rows < 10; rows += 1) await page.getByTestId('whitelist-add-row').click();
  await expect(page.getByTestId('whitelist-row')).toHaveCount(10);
  await expect(page.getByTestId('whitelist-add-row')).toBeDisabled();
  await expect(page.getByTestId('whitelist-rows')).toHaveText('At most 10 IP addresses');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'whitelist-edit.png') });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // The server refuses an 11th address too.
  const eleven = Array.from({ length: 11 }, (_, i) => `198.51.100.${i + 10}`);
  expect((await call(env.baseURL, '/api/partner/allowips/edit', { ips: eleven }, token)).code).toBe(16002);

  expect((await call(env.baseURL, '/api/partner/allowips/edit', { ips: [] }, token)).code).toBe(1);
});

test('blacklist: add an EIP-55 address on the devchain, a lowercased repeat is refused, filter, delete', async ({ page, env }) => {
  const session = await accessUser(env);
  await openAs(page, session, '/system/blacklist');
  await expect(page.getByTestId('blacklist-page')).toBeVisible();

  await page.getByTestId('blacklist-add').click();
  await pickOption(page, 'blacklist-form-chain', 'Devchain');
  await page.getByTestId('blacklist-form-address').fill(EIP55);
  await page.getByTestId('blacklist-form-remark').fill('e2e chargeback');
  await page.getByTestId('blacklist-form-submit').click();
  await expect(toastText(page)).toHaveText('Successfully added');
  const row = page.locator(`[data-testid^="blacklist-row-"][data-address="${EIP55}"]`);
  await expect(row).toHaveCount(1);
  await showAllColumns(page); // the remark is a secondary column
  await expect(row.getByTestId('blacklist-remark')).toHaveText('e2e chargeback');
  await expect(row).toContainText('Devchain');
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'blacklist.png') });

  // The same address in lower case is the same entry: the server says so in the dialog.
  await page.getByTestId('blacklist-add').click();
  await pickOption(page, 'blacklist-form-chain', 'Devchain');
  await page.getByTestId('blacklist-form-address').fill(EIP55.toLowerCase());
  await page.getByTestId('blacklist-form-submit').click();
  await expect(page.getByTestId('blacklist-form-error')).toHaveText('This address is already on the blacklist');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('blacklist-form-address')).toHaveCount(0);

  // Filters: part of the address in any case, and the chain.
  await (await filterField(page, 'filter-address')).fill(' 5aaeb6053f ');
  await page.getByTestId('filter-search').click();
  await expect(row).toHaveCount(1);
  await pickOption(page, 'filter-chain', 'TRON');
  await page.getByTestId('filter-search').click();
  await expect(row).toHaveCount(0);
  await page.getByTestId('filter-reset').click();
  await expect(row).toHaveCount(1);

  await row.getByTestId('blacklist-delete').click();
  await page.getByTestId('blacklist-delete-cancel').click();
  await expect(row).toHaveCount(1);
  await row.getByTestId('blacklist-delete').click();
  await page.getByTestId('blacklist-delete-sure').click();
  await expect(toastText(page)).toHaveText('Successfully deleted');
  await expect(row).toHaveCount(0);
});

test('a role without the 80xxx buttons sees the System screens without any of them', async ({ page, env }) => {
  const writer = (await accessUser(env)).sessionCode;
  const added = await call<{ id: number }>(env.baseURL, '/api/partner/address/black/add', { chainId: E2E_CHAINS.devchain, address: EIP55, remark: 'reader check' }, writer);
  expect(added.code).toBe(1);
  const reader = await signedIn(env, USERS.systemReader);
  try {
    for (const [url, body] of [
      ['/api/partner/secret/reset', { googleCode: '123456' }],
      ['/api/partner/callbackurl/save', { callbackUrl: 'https://shop.example/' }],
      ['/api/partner/allowips/edit', { ips: [] }],
      ['/api/partner/address/black/delete', { id: added.data.id }],
    ] as const) {
      expect((await call(env.baseURL, url, body, reader.sessionCode)).code).toBe(10403);
    }

    await openAs(page, reader, '/system/api-key');
    await expect(page.getByTestId('platform-key-pem')).toBeVisible();
    for (const id of ['key-show', 'key-reset', 'client-key-upload']) await expect(page.getByTestId(id)).toHaveCount(0);
    await page.goto('/#/system/callback');
    await expect(page.getByTestId('callback-url-unset')).toBeVisible();
    await expect(page.getByTestId('callback-url-edit')).toHaveCount(0);
    await page.goto('/#/system/whitelist');
    await expect(page.getByTestId('whitelist-count')).toHaveText('0 / 10');
    await expect(page.getByTestId('whitelist-edit')).toHaveCount(0);
    await page.goto('/#/system/blacklist');
    await expect(page.locator(`[data-testid^="blacklist-row-"][data-address="${EIP55}"]`)).toHaveCount(1);
    await expect(page.getByTestId('blacklist-add')).toHaveCount(0);
    await expect(page.getByTestId('blacklist-delete')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  } finally {
    expect((await call(env.baseURL, '/api/partner/address/black/delete', { id: added.data.id }, writer)).code).toBe(1);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const screen of ['/system/api-key', '/system/whitelist', '/system/blacklist', '/system/callback']) {
    test(`${screen} fits a 390 px screen`, async ({ page, env }) => {
      await openAs(page, env.shared, screen);
      await expect(page.locator('.ant-card').first()).toBeVisible();
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    });
  }
});
