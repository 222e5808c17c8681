import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { settle } from '@/test/router';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import CallbackAddresses from './CallbackAddresses';
import { renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';
import { apiSettings } from '@/test/answers';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);

const WAIT = { timeout: 8000 };
const SETTINGS = apiSettings();
const INVALID = 'The callback address must be an http:// or https:// URL with a host, at most 512 characters';

async function renderCard(menuIds: Array<number | string>, callbackUrl = '') {
  api.getApiSettings.mockResolvedValue({ ...SETTINGS, callbackUrl });
  renderSignedIn(menuIds, <CallbackAddresses />);
  await screen.findByTestId(callbackUrl ? 'callback-url' : 'callback-url-warning', undefined, WAIT);
}

async function openForm() {
  fireEvent.click(screen.getByTestId('callback-url-edit'));
  return screen.findByTestId('callback-url-input', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getApiSettings.mockReset();
  api.saveCallbackUrl.mockReset().mockResolvedValue({ callbackUrl: '' });
});
afterEach(() => act(() => sessionStore.signOut()));

describe('callback address', () => {
  it('says "not set" with a warning that callbacks wait; no edit button without 80402', async () => {
    await renderCard([8, 804]);
    expect(screen.getByTestId('callback-url-unset').textContent).toBe('Not set');
    expect(screen.getByTestId('callback-url-warning').textContent).toMatch(/callbacks wait/);
    expect(screen.queryByTestId('callback-url-edit')).toBeNull();
  });

  it('shows both addresses from one read, a set one copyable and cut on its line', async () => {
    await renderCard([8, 804, 80402], 'https://shop.example/cb');
    expect(api.getApiSettings).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('callback-url-setting').textContent).toContain('Callback address');
    expect(screen.getByTestId('callback-url').querySelector('.coffer-cell-clip')?.textContent).toBe('https://shop.example/cb');
    expect(screen.getByTestId('callback-url').querySelector('.ant-typography-copy')).toBeTruthy();
    expect(screen.getByTestId('callback-url-edit').textContent).toBe('Edit');
    expect(screen.getByTestId('risk-url-setting').textContent).toContain('Risk-control address');
    expect(screen.getByTestId('risk-url-unset').textContent).toBe('Not set');
  });

  it('refuses a bad address client side, then saves a good one and shows the stored form', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderCard([8, 804, 80402]);
    const input = await openForm();
    for (const bad of ['ftp://shop.example/cb', 'https://user:pw@shop.example/cb', 'https://shop.example/cb#x', `https://shop.example/${'a'.repeat(520)}`]) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByTestId('callback-url-submit'));
      expect(await screen.findByText(INVALID, undefined, WAIT)).toBeTruthy();
    }
    expect(api.saveCallbackUrl).not.toHaveBeenCalled();

    api.saveCallbackUrl.mockResolvedValue({ callbackUrl: 'https://shop.example/' });
    fireEvent.change(input, { target: { value: ' https://shop.example ' } });
    fireEvent.click(screen.getByTestId('callback-url-submit'));
    await waitFor(() => expect(api.saveCallbackUrl).toHaveBeenCalledWith('https://shop.example'), WAIT);
    await waitFor(() => expect(screen.getByTestId('callback-url').textContent).toBe('https://shop.example/'), WAIT);
    expect(success).toHaveBeenCalledWith('Successfully saved');
  });

  it('shows the server’s refusal in the form, which stays open', async () => {
    api.saveCallbackUrl.mockRejectedValue(new ApiError(10422, 'Callbacks may not target private networks'));
    await renderCard([8, 804, 80402]);
    const input = await openForm();
    fireEvent.change(input, { target: { value: 'https://shop.example/cb' } });
    fireEvent.click(screen.getByTestId('callback-url-submit'));
    expect((await screen.findByTestId('callback-url-error', undefined, WAIT)).textContent).toBe('Callbacks may not target private networks');
    expect(screen.getByTestId('callback-url-input')).toBeTruthy();
  });

  it('asks before clearing the address, and clears it only after Sure', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderCard([8, 804, 80402], 'https://shop.example/cb');
    const input = await openForm();
    expect((input as HTMLInputElement).value).toBe('https://shop.example/cb');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('callback-url-submit'));
    expect((await screen.findAllByText('Clear the callback address?', undefined, WAIT)).length).toBeGreaterThan(0);
    expect(api.saveCallbackUrl).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('callback-clear-cancel'));
    await settle(300);
    expect(api.saveCallbackUrl).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('callback-url-submit'));
    const sure = await screen.findAllByTestId('callback-clear-sure', undefined, WAIT);
    fireEvent.click(sure[sure.length - 1]);
    await waitFor(() => expect(api.saveCallbackUrl).toHaveBeenCalledWith(''), WAIT);
    await waitFor(() => expect(screen.getByTestId('callback-url-unset')).toBeTruthy(), WAIT);
    expect(success).toHaveBeenCalledWith('Callback address cleared');
  });
});
