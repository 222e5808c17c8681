import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { TestRouter, settle } from '@/test/router';
import { ApiError } from '@/utils/request';
import ApiDetailPage from './ApiDetailPage';
import { OPENAPI_FIXTURE } from './openapiFixture';
import { EXAMPLE_BODY_SHA256, EXAMPLE_CANONICAL, EXAMPLE_SIGNATURE, OPENSSL_VERIFY } from './signingExample';
import { signOutAndRestore } from '@/test/session';

const api = vi.hoisted(() => ({ fetchOpenApi: vi.fn(), platformKey: vi.fn() }));
vi.mock('@/api/apiDetail', async (original) => ({ ...(await original<typeof import('@/api/apiDetail')>()), ...api }));

const WAIT = { timeout: 8000 };
const PLATFORM = { platformKeyId: 'pk_2026', platformPublicKey: '-----BEGIN PUBLIC KEY-----\nMIIBIjAN...\n-----END PUBLIC KEY-----\n' };

async function renderPage(menuIds: Array<number | string>) {
  act(() => sessionStore.signIn(makeUser(menuIds)));
  render(
    <TestRouter path="/system/api-detail">
      <ApiDetailPage />
    </TestRouter>,
  );
}

/** The text of a code block (the <pre> inside the element with the test id). */
const code = (testId: string) => screen.getByTestId(testId).querySelector('pre')!.textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.fetchOpenApi.mockReset().mockResolvedValue(OPENAPI_FIXTURE);
  api.platformKey.mockReset().mockResolvedValue(PLATFORM);
});
afterEach(signOutAndRestore);

describe('API detail', () => {
  it('renders the intro, the headers and one section per operation of the document', async () => {
    await renderPage([8, 801, 803]);
    await screen.findByTestId('api-detail-operations', undefined, WAIT);
    expect(api.fetchOpenApi).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('api-detail-base-url').textContent).toBe(`${window.location.origin}/merchant/v1`);
    expect(screen.getByTestId('api-detail-version').textContent).toBe('Version 1');
    expect(screen.getByTestId('api-detail-link-whitelist').getAttribute('href')).toBe('/system/whitelist');
    expect(screen.getAllByTestId('api-detail-link-api-key')[0].getAttribute('href')).toBe('/system/api-key');
    expect(screen.getByTestId('api-detail-openapi-link').getAttribute('href')).toBe('/merchant/v1/openapi.json');
    for (const header of ['X-Api-Key', 'X-Timestamp', 'X-Nonce', 'X-Signature']) expect(screen.getByTestId(`auth-header-${header}`)).toBeTruthy();
    expect(within(screen.getByTestId('api-detail-doc-description')).getByText('X-Api-Key')).toBeTruthy();

    expect(screen.getByTestId('api-op-count').textContent).toBe('4');
    const paths = screen.getAllByTestId('api-op-path').map((node) => node.textContent);
    expect(paths).toEqual(['/merchant/v1/ping', '/merchant/v1/address', '/merchant/v1/deposits', '/merchant/v1/openapi.json']);
    const address = screen.getByTestId('api-op-depositAddress');
    expect(address.getAttribute('data-method')).toBe('POST');
    expect(address.textContent).toContain('Get or create an end user’s deposit address');

    // Opened: fields with types and required, the example body, the answer and the error codes.
    fireEvent.click(address);
    const body = await screen.findByTestId('api-op-body-depositAddress', undefined, WAIT);
    const fields = within(within(body).getByTestId('op-body-fields'));
    expect(within(fields.getByTestId('field-chainId')).getByTestId('field-type').textContent).toBe('integer (int64)');
    expect(within(fields.getByTestId('field-openId')).getByTestId('field-required').textContent).toBe('Required');
    expect(within(fields.getByTestId('field-openId')).getByText('length 1..64')).toBeTruthy();
    expect(within(body).getByTestId('op-auth').textContent).toBe('Signed: X-Api-Key, X-Timestamp, X-Nonce, X-Signature');
    expect(within(body).getByTestId('op-body-example').querySelector('pre')!.textContent).toBe('{"chainId":1337,"openId":"user-42"}');
    const answer = JSON.parse(within(body).getByTestId('op-response-example').querySelector('pre')!.textContent!);
    expect(answer).toMatchObject({ code: 1, data: { address: 'string', createtime: '2026-11-22T08:00:00Z' } });
    expect(within(within(body).getByTestId('op-response-fields')).getByTestId('field-address')).toBeTruthy();
    expect(within(body).getByTestId('error-code-13002').textContent).toContain('signature_invalid');

    fireEvent.click(screen.getByTestId('api-op-ping'));
    const ping = await screen.findByTestId('api-op-body-ping', undefined, WAIT);
    expect(within(ping).getByTestId('op-no-body').textContent).toContain('e3b0c442');
    fireEvent.click(screen.getByTestId('api-op-openapi'));
    const openapi = await screen.findByTestId('api-op-body-openapi', undefined, WAIT);
    expect(within(openapi).getByTestId('op-auth').textContent).toBe('None');
    expect(within(openapi).queryByTestId('error-code-13002')).toBeNull();
  });

  it('shows the worked signing example of the merchant API guide', async () => {
    await renderPage([8, 801]);
    await screen.findByTestId('api-detail-example', undefined, WAIT);
    expect(screen.getByTestId('example-request').textContent).toBe('POST /merchant/v1/address');
    expect(screen.getByTestId('example-body-sha256').textContent).toContain(EXAMPLE_BODY_SHA256);
    expect(code('example-canonical')).toBe(EXAMPLE_CANONICAL);
    expect(code('example-signature')).toBe(EXAMPLE_SIGNATURE);
    expect(code('example-openssl-verify')).toBe(OPENSSL_VERIFY);
    // The script names this service instead of the doc's local server.
    expect(code('example-openssl')).toContain(`BASE='${window.location.origin}'`);
    expect(code('example-node')).toContain(`const BASE = '${window.location.origin}';`);
  });

  it('shows the callback headers and the platform public key for roles with 803 or 804', async () => {
    await renderPage([8, 801, 804]);
    expect((await screen.findByTestId('platform-key-id', undefined, WAIT)).textContent).toBe('pk_2026');
    expect(code('platform-public-key')).toBe(PLATFORM.platformPublicKey);
    expect(code('cb-node')).toContain('MIIBIjAN...');
    expect(code('cb-signing-string')).toBe('TIMESTAMP + "\\n" + BODY');
    expect(code('cb-openssl')).toContain('openssl dgst -sha256 -verify platform.pem -signature sig.bin message.txt');
    for (const header of ['X-Coffer-Event-Id', 'X-Coffer-Timestamp', 'X-Coffer-Key-Id', 'X-Coffer-Signature']) {
      expect(screen.getByTestId(`cb-header-${header}`)).toBeTruthy();
    }
    expect(screen.queryByTestId('platform-key-unavailable')).toBeNull();
  });

  it('links to the API key screen instead, without 803/804 or when refused', async () => {
    await renderPage([8, 801]);
    const note = await screen.findByTestId('platform-key-unavailable', undefined, WAIT);
    expect(within(note).getByRole('link').getAttribute('href')).toBe('/system/api-key');
    expect(api.platformKey).not.toHaveBeenCalled();
    cleanup();
    act(() => sessionStore.signOut());

    api.platformKey.mockRejectedValue(new ApiError(10403, 'No permission'));
    await renderPage([8, 801, 803]);
    await waitFor(() => expect(api.platformKey).toHaveBeenCalledTimes(1), WAIT);
    expect(await screen.findByTestId('platform-key-unavailable', undefined, WAIT)).toBeTruthy();
  });

  it('says when the document cannot be loaded, and retries', async () => {
    api.fetchOpenApi.mockReset().mockRejectedValueOnce(new Error('Request failed with status code 502')).mockResolvedValueOnce(OPENAPI_FIXTURE);
    await renderPage([8, 801]);
    const error = await screen.findByTestId('api-detail-error', undefined, WAIT);
    expect(error.textContent).toContain('The API description could not be loaded');
    expect(error.textContent).toContain('status code 502');
    expect(screen.queryByTestId('api-detail-operations')).toBeNull();
    // The example does not need the document.
    expect(screen.getByTestId('api-detail-example')).toBeTruthy();
    fireEvent.click(screen.getByTestId('api-detail-retry'));
    await screen.findByTestId('api-detail-operations', undefined, WAIT);
    expect(api.fetchOpenApi).toHaveBeenCalledTimes(2);
    await settle(50);
    expect(screen.queryByTestId('api-detail-error')).toBeNull();
  });
});
