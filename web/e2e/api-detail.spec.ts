import path from 'node:path';
import { call } from './api';
import { ARTIFACTS, expect, openAs, settle, test } from './fixtures';
import {
  EXAMPLE_BODY_SHA256,
  EXAMPLE_CANONICAL,
  EXAMPLE_SIGNATURE,
} from '../src/pages/apiDetail/signingExample';

// System › API detail (801): the live OpenAPI document of the real binary rendered as a
// reference, the worked signing example of docs/merchant-api.md, and the platform key.

test('the API detail screen renders the live OpenAPI document and the worked example', async ({ page, env }) => {
  const served = await fetch(`${env.baseURL}/merchant/v1/openapi.json`);
  expect(served.status).toBe(200);
  const doc = (await served.json()) as { paths: Record<string, Record<string, unknown>> };
  const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`));
  expect(documented).toEqual(expect.arrayContaining(['GET /merchant/v1/ping', 'POST /merchant/v1/address']));

  const loaded = page.waitForResponse((response) => response.url().endsWith('/merchant/v1/openapi.json'));
  await openAs(page, env.shared, '/system/api-detail');
  const request = (await loaded).request();
  expect(request.method()).toBe('GET');
  expect(request.headers()['sessioncode']).toBeUndefined(); // outside the envelope: no session header

  // One section per operation of the document, in its order.
  const operations = page.getByTestId('api-detail-operations');
  await expect(operations.getByTestId('api-op-path')).toHaveCount(documented.length);
  await expect(page.getByTestId('api-op-count')).toHaveText(String(documented.length));
  await expect(operations.getByTestId('api-op-path').filter({ hasText: /^\/merchant\/v1\/address$/ })).toHaveCount(1);
  await expect(operations.getByTestId('api-op-path').filter({ hasText: /^\/merchant\/v1\/ping$/ })).toHaveCount(1);
  await expect(page.getByTestId('api-detail-base-url')).toHaveText(`${env.baseURL}/merchant/v1`);
  for (const header of ['X-Api-Key', 'X-Timestamp', 'X-Nonce', 'X-Signature']) {
    await expect(page.getByTestId(`auth-header-${header}`)).toBeVisible();
  }

  // The address call: its body fields, example and answer.
  await page.getByTestId('api-op-depositAddress').click();
  const address = page.getByTestId('api-op-body-depositAddress');
  const fields = address.getByTestId('op-body-fields');
  await expect(fields.getByTestId('field-chainId').getByTestId('field-type')).toHaveText('integer (int64)');
  await expect(fields.getByTestId('field-openId').getByTestId('field-required')).toHaveText('Required');
  await expect(address.getByTestId('op-response-fields').getByTestId('field-address')).toBeVisible();
  await expect(address.getByTestId('op-body-example').locator('pre')).toHaveText('{"chainId":1337,"openId":"user-42"}');
  await expect(address.getByTestId('op-response-example').locator('pre')).toContainText('"address"');
  await expect(address.getByTestId('error-code-13005')).toContainText('ip_not_allowed');
  await address.scrollIntoViewIfNeeded();
  await settle(page);
  await page.screenshot({ path: path.join(ARTIFACTS, 'api-detail-operation.png') });
  await page.getByTestId('api-op-ping').click();
  await expect(page.getByTestId('api-op-body-ping').getByTestId('op-no-body')).toContainText('e3b0c44298fc1c14');

  // The worked example, value for value.
  const example = page.getByTestId('api-detail-example');
  await expect(example.getByTestId('example-request')).toHaveText('POST /merchant/v1/address');
  await expect(example.getByTestId('example-body-sha256')).toContainText(EXAMPLE_BODY_SHA256);
  expect(await example.getByTestId('example-canonical').locator('pre').textContent()).toBe(EXAMPLE_CANONICAL);
  await expect(example.getByTestId('example-signature').locator('pre')).toHaveText(EXAMPLE_SIGNATURE);
  await expect(example.getByTestId('example-openssl').locator('pre')).toContainText(`BASE='${env.baseURL}'`);

  await example.getByTestId('example-canonical').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'api-detail-example.png') });

  // Verifying callbacks: the platform public key is the one /api/partner/secret gives.
  const secret = await call<{ platformKeyId: string; platformPublicKey: string }>(env.baseURL, '/api/partner/secret', {}, env.shared.sessionCode);
  expect(secret.code).toBe(1);
  const callbacks = page.getByTestId('api-detail-callbacks');
  await expect(callbacks.getByTestId('platform-key-id')).toHaveText(secret.data.platformKeyId);
  expect(await callbacks.getByTestId('platform-public-key').locator('pre').textContent()).toBe(secret.data.platformPublicKey);
  await expect(callbacks.getByTestId('cb-header-X-Coffer-Signature')).toBeVisible();

  await settle(page);
  await page.getByTestId('api-detail-intro').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'api-detail.png') });
});

test('an unreadable document shows an error with a retry', async ({ page, env }) => {
  let refuse = true;
  await page.route('**/merchant/v1/openapi.json', (route) => (refuse ? route.fulfill({ status: 502, body: 'bad gateway' }) : route.continue()));
  await openAs(page, env.shared, '/system/api-detail');
  await expect(page.getByTestId('api-detail-error')).toContainText('The API description could not be loaded');
  await expect(page.getByTestId('api-detail-example')).toBeVisible(); // needs no document
  refuse = false;
  await page.getByTestId('api-detail-retry').click();
  await expect(page.getByTestId('api-op-ping')).toBeVisible();
  await expect(page.getByTestId('api-detail-error')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the API detail screen fits a 390 px screen (code and tables wrap or scroll inside)', async ({ page, env }) => {
    await openAs(page, env.shared, '/system/api-detail');
    await page.getByTestId('api-op-depositAddress').click();
    await expect(page.getByTestId('api-op-body-depositAddress').getByTestId('op-body-fields')).toBeVisible();
    await expect(page.getByTestId('platform-public-key')).toBeVisible();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
