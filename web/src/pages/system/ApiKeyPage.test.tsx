import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { settle } from '@/test/router';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import ApiKeyPage from './ApiKeyPage';
import { renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';
import * as downloadModule from '@/api/download';
import { apiSettings } from '@/test/answers';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
vi.mock('@/api/download');
const download = vi.mocked(downloadModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
vi.mock('@/store/refreshSession', () => ({ refreshSession: () => Promise.resolve() }));

const WAIT = { timeout: 8000 };
const PLATFORM_PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANplatform\n-----END PUBLIC KEY-----';
const SETTINGS = apiSettings({
  hasKey: true,
  keyId: 'ck_0123456789abcdef',
  createtime: '2026-11-22T07:00:00Z',
  clientKey: { fingerprint: '677c6915aa', bits: 2048, publicKey: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----', updatetime: '2026-11-22T08:00:00Z' },
  platformKeyId: 'pk_1a2b',
  platformPublicKey: PLATFORM_PEM,
});
const SECRET = { keyId: 'ck_0123456789abcdef', secret: `ck_0123456789abcdef_${'e'.repeat(64)}`, createtime: '2026-11-22T07:00:00Z' };
const ALL = [8, 801, 803, 80301, 80302, 80303];

async function renderPage(menuIds: Array<number | string>, bindGoogle = true) {
  renderSignedIn(menuIds, <ApiKeyPage />, { bindGoogle });
  await screen.findByTestId('platform-key-pem', undefined, WAIT);
}

/** Clicks the last rendered element with this test id (popconfirm buttons linger while closing). */
const clickLast = (testId: string) => {
  const all = screen.getAllByTestId(testId);
  fireEvent.click(all[all.length - 1]);
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getApiSettings.mockReset().mockResolvedValue(SETTINGS);
  api.showSecret.mockReset().mockResolvedValue(SECRET);
  api.resetSecret.mockReset().mockResolvedValue({ ...SECRET, keyId: 'ck_fedcba9876543210', secret: `ck_fedcba9876543210_${'f'.repeat(64)}` });
  api.saveClientKey.mockReset();
  download.saveBlob.mockReset();
});
afterEach(() => act(() => sessionStore.signOut()));

describe('API key screen', () => {
  it('shows the key id, the masked key, the merchant key and the platform key', async () => {
    await renderPage(ALL);
    expect(api.getApiSettings).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('key-id').textContent).toBe('ck_0123456789abcdef');
    expect(screen.getByTestId('key-created').textContent).toBe('2026-11-22 15:00:00'); // UTC+8
    expect(screen.getByTestId('key-masked').textContent).toMatch(/^ck_0123456789abcdef_•+$/);
    expect(screen.queryByText(SECRET.secret)).toBeNull();
    expect(screen.getByTestId('client-key-fingerprint').textContent).toBe('677c 6915 aa');
    expect(screen.getByTestId('client-key-bits').textContent).toBe('2048');
    expect((screen.getByTestId('platform-key-pem') as HTMLTextAreaElement).value).toBe(PLATFORM_PEM);
    expect(screen.getByTestId('platform-key-tip').textContent).toMatch(/signs every callback/);
    expect(screen.getByTestId('platform-key-detail-link').getAttribute('href')).toBe('/system/api-detail');
  });

  it('shows each button only with its own id', async () => {
    await renderPage([8, 803]);
    expect(screen.queryByTestId('key-show')).toBeNull();
    expect(screen.queryByTestId('key-reset')).toBeNull();
    expect(screen.queryByTestId('client-key-upload')).toBeNull();
    expect(screen.queryByTestId('platform-key-detail-link')).toBeNull(); // no 801
    expect(screen.getByTestId('platform-key-download')).toBeTruthy(); // reading needs no button
    act(() => sessionStore.signIn(makeUser([8, 803, 80302])));
    expect(screen.queryByTestId('key-show')).toBeNull();
    expect(screen.getByTestId('key-reset')).toBeTruthy();
    expect(screen.queryByTestId('client-key-upload')).toBeNull();
  });

  it('asks for a 6-digit Google code, then shows the key until the dialog closes', async () => {
    await renderPage(ALL);
    fireEvent.click(screen.getByTestId('key-show'));
    const code = await screen.findByTestId('secret-google-code', undefined, WAIT);
    fireEvent.click(screen.getByTestId('secret-submit'));
    expect(await screen.findByText('Google verification code cannot be empty', undefined, WAIT)).toBeTruthy();
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('secret-submit'));
    expect(await screen.findByText('Must be a 6-digit number', undefined, WAIT)).toBeTruthy();
    expect(api.showSecret).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('secret-submit'));
    await waitFor(() => expect(api.showSecret).toHaveBeenCalledWith('123456'), WAIT);
    expect((await screen.findByTestId('api-secret', undefined, WAIT)).textContent).toBe(SECRET.secret);
    expect(screen.getByTestId('secret-copy')).toBeTruthy();

    fireEvent.click(screen.getByTestId('secret-close'));
    await waitFor(() => expect(screen.queryByText(SECRET.secret)).toBeNull(), WAIT);
    fireEvent.click(screen.getByTestId('key-show'));
    expect(await screen.findByTestId('secret-google-code', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('api-secret')).toBeNull(); // masked again
  });

  it('resets after a warning and a code, shows the new key once and reads the settings again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage(ALL);
    fireEvent.click(screen.getByTestId('key-reset'));
    await settle(400);
    expect(screen.getByText(/old key stops working immediately/)).toBeTruthy();
    clickLast('key-reset-sure');
    const code = await screen.findByTestId('secret-google-code', undefined, WAIT);
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('secret-submit'));
    await waitFor(() => expect(api.resetSecret).toHaveBeenCalledWith('654321'), WAIT);
    expect((await screen.findByTestId('api-secret', undefined, WAIT)).textContent).toBe(`ck_fedcba9876543210_${'f'.repeat(64)}`);
    expect(screen.getByTestId('secret-key-id').textContent).toBe('ck_fedcba9876543210');
    expect(success).toHaveBeenCalledWith('Successfully reset');
    await waitFor(() => expect(api.getApiSettings).toHaveBeenCalledTimes(2), WAIT);
  });

  it('without a key: says so, Show is disabled, and Generate says a key is created (nothing stops working)', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.getApiSettings.mockResolvedValue({ ...SETTINGS, hasKey: false, keyId: null, createtime: null, clientKey: null });
    await renderPage(ALL);
    expect(screen.getByTestId('key-none').textContent).toMatch(/No key yet/);
    expect(screen.getByTestId('client-key-none')).toBeTruthy();
    expect((screen.getByTestId('key-show') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('key-reset').textContent).toBe('Generate key');
    fireEvent.click(screen.getByTestId('key-reset')); // no confirmation: nothing is replaced
    const code = await screen.findByTestId('secret-google-code', undefined, WAIT);
    expect(screen.getByText('Generate API key')).toBeTruthy();
    expect(screen.getByTestId('secret-tip').textContent).toBe(
      'A key is created for calling the merchant API. Nothing stops working: there is no key to replace yet.',
    );
    expect(screen.queryByText(/Reset|old key|no longer works/)).toBeNull();
    expect(screen.getByTestId('secret-submit').textContent).toBe('Generate key');
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('secret-submit'));
    await waitFor(() => expect(api.resetSecret).toHaveBeenCalledWith('654321'), WAIT);
    expect(await screen.findByText(/^The key is in force\. Copy it to your servers now/, undefined, WAIT)).toBeTruthy();
    expect(screen.queryByText(/previous one no longer works/)).toBeNull();
    expect(success).toHaveBeenCalledWith('Key generated');
  });

  it('without a bound authenticator: the bind hint, and the server’s refusal in the dialog', async () => {
    api.showSecret.mockRejectedValue(new ApiError(11008, 'Please bind Google verification code first'));
    await renderPage(ALL, false);
    fireEvent.click(screen.getByTestId('key-show'));
    const hint = await screen.findByTestId('secret-bind-google', undefined, WAIT);
    expect(hint.querySelector('a')?.getAttribute('href')).toBe('/personal');
    expect(screen.queryByTestId('secret-google-code')).toBeNull();
    fireEvent.click(screen.getByTestId('secret-submit'));
    await waitFor(() => expect(api.showSecret).toHaveBeenCalledWith(''), WAIT);
    expect((await screen.findByTestId('secret-error', undefined, WAIT)).textContent).toBe('Please bind Google verification code first');
    expect(screen.queryByTestId('api-secret')).toBeNull();
  });

  it('uploads a public key; a refusal (a private key) is shown in the form, which stays open', async () => {
    const refusal = 'This is a private key: paste only the public key. The private key was not saved; keep it secret';
    api.saveClientKey.mockRejectedValueOnce(new ApiError(10422, refusal));
    api.saveClientKey.mockResolvedValueOnce({ fingerprint: 'abcd1234ef', bits: 4096, publicKey: '-----BEGIN PUBLIC KEY-----\nNEW\n-----END PUBLIC KEY-----', updatetime: '2026-11-22T09:00:00Z' });
    await renderPage(ALL);
    fireEvent.click(screen.getByTestId('client-key-upload'));
    const pem = await screen.findByTestId('client-key-pem', undefined, WAIT);
    fireEvent.click(screen.getByTestId('client-key-submit'));
    expect(await screen.findByText('Please paste the public key', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('client-key-google-code'), { target: { value: '111222' } });
    fireEvent.change(pem, { target: { value: '-----BEGIN PRIVATE KEY-----\nxyz\n-----END PRIVATE KEY-----\n' } });
    fireEvent.click(screen.getByTestId('client-key-submit'));
    await waitFor(
      () => expect(api.saveClientKey).toHaveBeenCalledWith({ publicKey: '-----BEGIN PRIVATE KEY-----\nxyz\n-----END PRIVATE KEY-----', googleCode: '111222' }),
      WAIT,
    );
    expect((await screen.findByTestId('client-key-error', undefined, WAIT)).textContent).toBe(refusal);
    expect(screen.getByTestId('client-key-pem')).toBeTruthy();

    fireEvent.change(pem, { target: { value: '-----BEGIN PUBLIC KEY-----\nNEW\n-----END PUBLIC KEY-----' } });
    fireEvent.click(screen.getByTestId('client-key-submit'));
    await waitFor(() => expect(screen.getByTestId('client-key-fingerprint').textContent).toBe('abcd 1234 ef'), WAIT);
    expect(screen.getByTestId('client-key-bits').textContent).toBe('4096');
  });

  it('downloads the platform key as coffer-platform-<keyId>.pem', async () => {
    await renderPage([8, 803]);
    fireEvent.click(screen.getByTestId('platform-key-download'));
    expect(download.saveBlob).toHaveBeenCalledTimes(1);
    const [name, file] = download.saveBlob.mock.calls[0] as [string, Blob];
    expect(name).toBe('coffer-platform-pk_1a2b.pem');
    expect(file.type).toBe('application/x-pem-file');
    // jsdom's Blob has no text(); FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(text).toBe(`${PLATFORM_PEM}\n`);
    expect(within(screen.getByTestId('platform-key-card')).getByTestId('platform-key-id').textContent).toBe('pk_1a2b');
  });
});
