import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { toast } from '@/utils/feedback';
import CallbackPage from './CallbackPage';
import { showAllColumns } from '@/test/columns';
import { clickLatest, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as callbacksModule from '@/api/callbacks';
import { attemptResult } from '@/test/answers';
import type { CallbackEvent } from '@/api/callbacks';

vi.mock('@/api/callbacks');
const api = vi.mocked(callbacksModule);
// The addresses above the log read the settings (their own tests: pages/system).
vi.mock('@/api/system', () => ({
  getApiSettings: () => Promise.resolve({ hasKey: false, keyId: null, createtime: null, callbackUrl: '', clientKey: null, platformKeyId: 'pk1', platformPublicKey: '' }),
  saveCallbackUrl: () => Promise.resolve({ callbackUrl: '' }),
}));
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const EVENT: CallbackEvent = {
  eventId: 'evt_1',
  orderNo: 'D202611220000012',
  depositId: 12,
  event: 'deposit.confirmed',
  status: 2,
  attempts: 2,
  nextAttemptTime: '2026-11-22T07:30:00Z',
  lastHttpStatus: 500,
  createtime: '2026-11-22T07:00:00Z',
  deliveredtime: null,
  seq: 1,
};
const ATTEMPTS = [
  { id: 4, eventId: 'evt_1', url: 'https://merchant.example/cb', httpStatus: 500, latencyMs: 42, response: 'boom', error: '', success: false, createtime: '2026-11-22T07:01:00Z' },
  { id: 3, eventId: 'evt_1', url: 'https://merchant.example/cb', httpStatus: null, latencyMs: null, response: '', error: 'connection refused', success: false, createtime: '2026-11-22T07:00:30Z' },
];

async function renderPage(menuIds: Array<number | string>) {
  renderSignedIn(menuIds, <CallbackPage />);
  await screen.findByTestId('callback-row-evt_1', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageCallbacks.mockReset().mockResolvedValue({ list: [EVENT], total: 1 });
  api.callbackAttempts.mockReset().mockResolvedValue(ATTEMPTS);
  api.pushCallback.mockReset().mockResolvedValue(attemptResult());
});
afterEach(signOutAndRestore);

describe('callback log', () => {
  it('lists events with labels and times in the merchant zone, below the callback and risk-control addresses', async () => {
    await renderPage([8, 804]);
    expect(api.pageCallbacks).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    // One card: the two addresses on a strip of their own, above the filters and the log.
    const card = screen.getByTestId('callback-log');
    const strip = within(card).getByTestId('callback-addresses');
    expect(within(strip).getByTestId('callback-url-setting').textContent).toContain('Callback address');
    expect(within(strip).getByTestId('risk-url-setting').textContent).toContain('Risk-control address');
    expect(strip.compareDocumentPosition(within(card).getByTestId('callback-filters')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelectorAll('.ant-card')).toHaveLength(1);
    expect(screen.queryByTestId('risk-url-edit')).toBeNull(); // no 80403
    const row = within(screen.getByTestId('callback-row-evt_1'));
    expect(row.getByTestId('callback-status').textContent).toBe('Failed');
    expect(row.getByTestId('callback-attempts').textContent).toBe('2');
    expect(row.queryByTestId('callback-last-http')).toBeNull(); // a secondary column
    await showAllColumns();
    expect(within(screen.getByTestId('callback-row-evt_1')).getByTestId('callback-last-http').textContent).toBe('500');
    const shown = within(screen.getByTestId('callback-row-evt_1'));
    expect(shown.getByText('deposit.confirmed')).toBeTruthy();
    expect(shown.getByText('2026-11-22 15:30:00')).toBeTruthy(); // next attempt at UTC+8
    expect(screen.queryByTestId('callback-push')).toBeNull(); // no 80401
  });

  it('shows the attempts of an expanded event', async () => {
    await renderPage([8, 804]);
    fireEvent.click(screen.getByTestId('callback-row-evt_1').querySelector('.ant-table-row-expand-icon')!);
    await waitFor(() => expect(api.callbackAttempts).toHaveBeenCalledWith('evt_1'), WAIT);
    const attempts = within(await screen.findByTestId('event-attempts-evt_1', undefined, WAIT));
    await waitFor(() => expect(attempts.getByTestId('attempt-row-4')).toBeTruthy(), WAIT);
    expect(attempts.getAllByTestId('attempt-http').map((node) => node.textContent)).toEqual(['500', '—']);
    expect(attempts.getByText('42 ms')).toBeTruthy();
    expect(attempts.getByText('connection refused')).toBeTruthy();
    expect(attempts.getByText('2026-11-22 15:01:00')).toBeTruthy();
  });

  it('filters by a trimmed order number; Reset clears it', async () => {
    await renderPage([8, 804]);
    fireEvent.change(screen.getByTestId('filter-order-no'), { target: { value: ' D2026 ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageCallbacks).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, orderNo: 'D2026' }), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageCallbacks).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
  });

  it('re-pushes an event with 80401 after a confirm', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage([8, 804, 80401]);
    fireEvent.click(screen.getByTestId('callback-push'));
    await clickLatest('callback-push-sure');
    await waitFor(() => expect(api.pushCallback).toHaveBeenCalledWith('evt_1'), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Delivered: HTTP 200, code 0, 42 ms'), WAIT);
    await waitFor(() => expect(api.pageCallbacks).toHaveBeenCalledTimes(2), WAIT);
  });
});
