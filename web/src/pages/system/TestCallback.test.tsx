import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { toast } from '@/utils/feedback';
import { toastPushResult } from '@/pages/orders/attemptResult';
import CallbackAddresses from './CallbackAddresses';
import { renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';
import * as callbacksModule from '@/api/callbacks';
import { apiSettings, attemptResult } from '@/test/answers';

// The test callback on System › Callback and the push results.

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
vi.mock('@/api/callbacks');
const callbacks = vi.mocked(callbacksModule);

const WAIT = { timeout: 8000 };
const SETTINGS = apiSettings();
const RESULT = attemptResult();

async function renderCard(menuIds: Array<number | string>) {
  api.getApiSettings.mockResolvedValue({ ...SETTINGS, callbackUrl: 'https://shop.example/cb' });
  renderSignedIn(menuIds, <CallbackAddresses />);
  await screen.findByTestId('callback-url', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  callbacks.testCallback.mockReset();
});
afterEach(() => act(() => sessionStore.signOut()));

describe('test callback', () => {
  it('is offered with 80402 only', async () => {
    await renderCard([8, 804]);
    expect(screen.queryByTestId('callback-test')).toBeNull();
  });

  it('shows how the server replied: accepted, HTTP status, code, latency and the reply', async () => {
    callbacks.testCallback.mockResolvedValue(RESULT);
    await renderCard([8, 804, 80402]);
    fireEvent.click(screen.getByTestId('callback-test'));
    const result = await screen.findByTestId('callback-test-result', undefined, WAIT);
    expect(result.textContent).toMatch(/Accepted: your server answered code 0/);
    expect(result.textContent).toMatch(/42 ms/);
    expect(screen.getByTestId('callback-test-http').textContent).toBe('200');
    expect(screen.getByTestId('callback-test-code').textContent).toBe('0');
    expect(screen.getByTestId('callback-test-reply').textContent).toBe('{"code":0}');
  });

  it('names the reason of a refusal in the user language', async () => {
    callbacks.testCallback.mockResolvedValue({ ...RESULT, success: false, replyCode: 1, reason: 'code_not_zero', response: '{"code":1}' });
    await i18n.changeLanguage('zh-CN');
    await renderCard([8, 804, 80402]);
    fireEvent.click(screen.getByTestId('callback-test'));
    const result = await screen.findByTestId('callback-test-result', undefined, WAIT);
    await waitFor(() => expect(result.textContent).toMatch(/未被接受：应答的 code 不是 0（HTTP 200）/), WAIT);
  });
});

describe('push results', () => {
  it('says delivered, refused with the reason, or queued', () => {
    const t = i18n.getFixedT('en');
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(toast, 'info').mockImplementation(() => undefined);
    toastPushResult(t, RESULT);
    expect(success).toHaveBeenLastCalledWith('Delivered: HTTP 200, code 0, 42 ms');
    toastPushResult(t, { ...RESULT, success: false, httpStatus: null, reason: 'timeout' });
    expect(error).toHaveBeenLastCalledWith('Not accepted: Timed out');
    toastPushResult(t, { ...RESULT, success: false, httpStatus: 500, reason: 'http_status' });
    expect(error).toHaveBeenLastCalledWith('Not accepted: HTTP status not 2xx (HTTP 500)');
    toastPushResult(t, { ...RESULT, attempted: false, reason: 'no_address' });
    expect(info).toHaveBeenLastCalledWith('Queued: it goes out once a callback address is set');
  });
});
