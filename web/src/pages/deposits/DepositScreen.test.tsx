import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { showAllColumns } from '@/test/columns';
import { depositRow } from '@/test/deposits';
import { settle } from '@/test/router';
import { pickOption } from '@/test/select';
import { toast } from '@/utils/feedback';
import { DepositListPage, DepositOrdersPage } from './DepositPages';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { clickLatest, homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as depositsModule from '@/api/deposits';
import * as configModule from '@/api/config';
import { attemptResult } from '@/test/answers';
import { clearPeriod } from '@/test/period';

vi.mock('@/api/deposits');
const api = vi.mocked(depositsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const exportsApi = vi.hoisted(() => ({ exportList: vi.fn(), saveBlob: vi.fn() }));
vi.mock('@/api/exports', () => ({ exportList: exportsApi.exportList }));
vi.mock('@/api/download', () => ({ saveBlob: exportsApi.saveBlob }));

const WAIT = { timeout: 8000 };
const ROW = depositRow(12, { orderNo: 'D202611220000012', amount: '25', actualAmount: '25' });
const CONFIRMING = depositRow(13, { orderNo: 'D202611220000013', status: 7, confirmations: 3, callbackStatus: 0, notifyStatus: 1, chainId: 31337, chainname: 'Anvil', tokenId: 101 });
const usdt = (amount: string) => [{ chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', amount }];
const none = { count: 0, totals: [] };
// One complete and one confirming deposit: every row, and the money that moved apart.
const SUMMARY = {
  count: 2,
  totals: usdt('50.123456'),
  outcomes: { complete: { count: 1, totals: usdt('25') }, pending: { count: 1, totals: usdt('25.123456') }, rejected: none, failed: none, uncredited: none },
};
const ATTEMPT = { id: 3, eventId: 'evt_1', url: 'https://merchant.example/cb', httpStatus: 500, latencyMs: 42, response: 'oops', error: '', success: false, createtime: '2026-11-22T07:02:00Z' };
const DEFAULTS = toOrderFilters({ period: defaultRange(8) }, 8)!;

async function renderPage(menuIds: Array<number | string>, page = <DepositOrdersPage />, firstRow = 'deposit-row-D202611220000012') {
  renderSignedIn(menuIds, page);
  await screen.findByTestId(firstRow, undefined, WAIT);
}

const row = (orderNo = 'D202611220000012') => within(screen.getByTestId(`deposit-row-${orderNo}`));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageDeposits.mockResolvedValue({ list: [ROW, CONFIRMING], total: 2 });
  api.depositSummary.mockResolvedValue(SUMMARY);
  api.depositDetail.mockResolvedValue({ ...ROW, callbacks: [ATTEMPT] });
  api.pushDeposit.mockResolvedValue(attemptResult());
  exportsApi.exportList.mockReset();
  exportsApi.saveBlob.mockReset();
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] },
    { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', txurl: 'https://etherscan.io/tx/', family: 'evm', tokens: [{ tokenid: 101, symbol: 'USDT', price: '1' }] },
  ]));
});
afterEach(signOutAndRestore);

describe('deposits table', () => {
  it('asks for the last 7 days of the merchant zone and shows the fields', async () => {
    await renderPage([3, 301]);
    expect(DEFAULTS.start).toMatch(/T00:00:00\.000\+08:00$/);
    expect(api.pageDeposits).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...DEFAULTS });
    expect(api.depositSummary).toHaveBeenCalledWith(DEFAULTS);

    expect(row().getByTestId('deposit-amount').textContent).toBe('25.0000');
    expect(row().getByTestId('deposit-amount').getAttribute('data-amount')).toBe('25');
    expect(row().getByTestId('deposit-amount-symbol').textContent).toBe('USDT');
    expect(row().getByTestId('deposit-status').textContent).toBe('Transaction complete');
    // Orders are the business view: who paid, and whether the merchant and the user were told.
    expect(screen.getByTestId('screen-purpose').textContent).toBe(
      'Business orders: who deposited how much, and whether your server got the callback and the user the notice.',
    );
    expect(row().getByTestId('deposit-merchant-order-no').textContent).toBe('—');
    expect(row().getByTestId('deposit-openid').textContent).toBe('user-1');
    expect(row().getByTestId('deposit-notice-callback').textContent).toBe('Success');
    // A delivered callback and notice say it once ("Success", not "Success Success").
    expect(row().queryByTestId('deposit-notice-notify')).toBeNull();
    // Secondary columns wait in the column settings (and the drawer): the chain's side, the time.
    expect(row().queryByTestId('deposit-hash')).toBeNull();
    expect(row().queryByTestId('deposit-confirmations')).toBeNull();
    expect(row().queryByText('2026-11-22 15:00:00')).toBeNull();
    await showAllColumns();
    expect(row().getByTestId('deposit-confirmations').textContent).toBe('12/12');
    expect(row().getByTestId('deposit-callback-status').textContent).toBe('Success');
    expect(row().getByTestId('deposit-notify-status').textContent).toBe('Success');
    expect(row().getByTestId('deposit-from').textContent).toBe('0x2231…e6b0');
    expect(row().getByTestId('deposit-to').textContent).toBe('0x5FbD…0aa3');
    expect(row().getByText('2026-11-22 15:00:00')).toBeTruthy();
    // No txurl on the devchain: no link; the Anvil row links to its explorer.
    expect(row().getByTestId('deposit-hash').querySelector('a')).toBeNull();
    const link = row('D202611220000013').getByTestId('deposit-hash').querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ab'.repeat(32)}`);
    expect(link.textContent).toBe('0xabab…abab');
    expect(row('D202611220000013').getByTestId('deposit-status').textContent).toBe('On-chain confirming');
    expect(row('D202611220000013').getByTestId('deposit-confirmations').textContent).toBe('3/12');

    expect(screen.getByTestId('summary-count').textContent).toBe('Deposits: 2');
    // The total that moved is the complete deposit only; the confirming one reads apart.
    expect(screen.getByTestId('summary-complete').textContent).toContain('Complete (money moved): 1');
    const total = screen.getByTestId('summary-total-1337-1');
    expect(within(total).getByTestId('summary-amount').textContent).toBe('25.0000 USDT');
    expect(within(total).getByTestId('summary-amount').getAttribute('data-amount')).toBe('25');
    const pending = screen.getByTestId('summary-pending-total-1337-1');
    expect(within(pending).getByTestId('summary-amount').getAttribute('data-amount')).toBe('25.123456');
    expect(screen.getByTestId('summary-pending').textContent).toContain('Pending: 1');
    expect(screen.queryByTestId('summary-rejected')).toBeNull();
  });

  it('Transactions › Deposit list is the on-chain view: it says so and leads with the hash, the addresses and the confirmations', async () => {
    await renderPage([4, 401], <DepositListPage />);
    expect(screen.getByTestId('screen-purpose').textContent).toBe(
      'On chain: each incoming transfer’s hash, addresses, confirmations and time; scan a hash that was missed.',
    );
    const link = row('D202611220000013').getByTestId('deposit-hash').querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ab'.repeat(32)}`);
    expect(row().getByTestId('deposit-from').textContent).toBe('0x2231…e6b0');
    expect(row().getByTestId('deposit-to').textContent).toBe('0x5FbD…0aa3');
    expect(row('D202611220000013').getByTestId('deposit-confirmations').textContent).toBe('3/12');
    // The business side (and when it was confirmed) is one click away.
    expect(row().queryByTestId('deposit-openid')).toBeNull();
    expect(row().queryByTestId('deposit-notice-callback')).toBeNull();
    await showAllColumns();
    expect(row().getByTestId('deposit-openid').textContent).toBe('user-1');
    expect(row().getByTestId('deposit-confirmed-at').textContent).toBe('2026-11-22 15:01:00');
  });

  it('sends the filters trimmed, to the list and the summary', async () => {
    await renderPage([3, 301]);
    fireEvent.change(screen.getByTestId('filter-openid'), { target: { value: ' user-1 ' } });
    fireEvent.change(screen.getByTestId('filter-hash'), { target: { value: ' 0xabab ' } });
    fireEvent.change(screen.getByTestId('filter-order-no'), { target: { value: 'D2026' } });
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: '0x5FbD' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    const expected = { ...DEFAULTS, openId: 'user-1', hash: '0xabab', orderNo: 'D2026', address: '0x5FbD' };
    await waitFor(() => expect(api.pageDeposits).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...expected }), WAIT);
    await waitFor(() => expect(api.depositSummary).toHaveBeenLastCalledWith(expected), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageDeposits).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS }), WAIT);
  });

  it('shows a deposit never credited as "Not credited" with its reason, and filters on it', async () => {
    const DUST = depositRow(14, { orderNo: 'D202611220000014', amount: '0.00009', actualAmount: '0', uncredited: true, note: 'dust' });
    api.pageDeposits.mockResolvedValue({ list: [ROW, DUST], total: 2 });
    api.depositDetail.mockResolvedValue({ ...DUST, callbacks: [] });
    await renderPage([3, 301]);
    const dust = row('D202611220000014');
    expect(dust.getByTestId('deposit-status').textContent).toBe('Not credited');
    expect(dust.getByTestId('deposit-status-reason').textContent).toBe('Below the minimum');
    expect(dust.getByTestId('deposit-amount').textContent).toBe('< 0.0001');
    expect(row().getByTestId('deposit-status').textContent).toBe('Transaction complete');
    // The drawer says the same.
    fireEvent.click(dust.getByTestId('deposit-detail-open'));
    const drawer = within(await screen.findByTestId('deposit-detail-body', undefined, WAIT));
    await waitFor(() => expect(drawer.getByTestId('detail-status').textContent).toBe('Not credited'), WAIT);
    expect(drawer.getByTestId('detail-status-reason').textContent).toBe('Below the minimum');

    // "Not credited" is a choice of the status filter, sent as uncredited; a state as its credited deposits.
    const choose = async (title: string) => {
      await pickOption('filter-status', title);
      fireEvent.click(screen.getByTestId('filter-search'));
    };
    await choose('Not credited');
    await waitFor(() => expect(api.pageDeposits).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS, uncredited: true }), WAIT);
    await waitFor(() => expect(api.depositSummary).toHaveBeenLastCalledWith({ ...DEFAULTS, uncredited: true }), WAIT);
    await choose('Transaction complete');
    await waitFor(() => expect(api.pageDeposits).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS, status: 8, uncredited: false }), WAIT);
  });

  it('requires a start and an end', async () => {
    await renderPage([3, 301]);
    const calls = api.pageDeposits.mock.calls.length;
    await clearPeriod('deposit-filters');
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(await screen.findByText('A start and an end must be chosen', undefined, WAIT)).toBeTruthy();
    await settle(200);
    expect(api.pageDeposits).toHaveBeenCalledTimes(calls);
  });

  it('re-pushes with 30101 after a confirm, and toasts', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage([3, 301, 30101]);
    fireEvent.click(row().getByTestId('deposit-push'));
    await settle(400);
    fireEvent.click(screen.getByTestId('deposit-push-cancel'));
    await settle(400);
    expect(api.pushDeposit).not.toHaveBeenCalled();
    expect(screen.queryByTestId('deposit-detail-body')).toBeNull(); // the popup's clicks open no drawer

    fireEvent.click(row().getByTestId('deposit-push'));
    await clickLatest('deposit-push-sure');
    await waitFor(() => expect(api.pushDeposit).toHaveBeenCalledWith(12), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Delivered: HTTP 200, code 0, 42 ms'), WAIT);
    await waitFor(() => expect(api.pageDeposits).toHaveBeenCalledTimes(2), WAIT);
  });

  it('has no re-push button without 30101', async () => {
    await renderPage([3, 301]);
    expect(screen.queryByTestId('deposit-push')).toBeNull();
    expect(screen.getAllByTestId('deposit-detail-open')).toHaveLength(2);
  });

  it('opens the detail drawer with every field and the callback attempts', async () => {
    await renderPage([3, 301, 30101]);
    fireEvent.click(row().getByTestId('deposit-detail-open'));
    const body = within(await screen.findByTestId('deposit-detail-body', undefined, WAIT));
    await waitFor(() => expect(api.depositDetail).toHaveBeenCalledWith(12), WAIT);
    expect(body.getByTestId('detail-order-no').textContent).toContain('D202611220000012');
    expect(body.getByTestId('detail-openid').textContent).toBe('user-1');
    expect(body.getByTestId('detail-amount').textContent).toBe('25.0000 USDT');
    expect(body.getByTestId('detail-status').textContent).toBe('Transaction complete');
    expect(body.getByTestId('detail-confirmations').textContent).toBe('12/12');
    expect(body.getByTestId('detail-created').textContent).toBe('2026-11-22 15:00:00');
    await waitFor(() => expect(body.getByTestId('attempt-row-3')).toBeTruthy(), WAIT);
    expect(body.getByTestId('attempt-http').textContent).toBe('500');
    expect(body.getByTestId('attempt-result').textContent).toBe('Failed');
    expect(screen.getAllByTestId('detail-push')).toHaveLength(1);
  });

  it('opens the drawer on a row click, but not from the copy button', async () => {
    vi.spyOn(window, 'prompt').mockReturnValue(null); // jsdom has no clipboard: the copy helper falls back to prompt
    await renderPage([3, 301]);
    await showAllColumns();
    const copy = screen.getByTestId('deposit-row-D202611220000012').querySelector('.ant-typography-copy')!;
    fireEvent.click(copy);
    await settle(200);
    expect(screen.queryByTestId('deposit-detail-body')).toBeNull();
    fireEvent.click(row().getByTestId('deposit-status'));
    expect(await screen.findByTestId('deposit-detail-body', undefined, WAIT)).toBeTruthy();
  });

  it("exports the filter through the server's file, saved under the server's name", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const blob = new Blob(['csv']);
    exportsApi.exportList.mockResolvedValue({ fileName: 'deposits-20261116-20261122.csv', rows: 2, blob });
    await renderPage([3, 301]);
    fireEvent.click(screen.getByTestId('deposit-export'));
    await waitFor(() => expect(exportsApi.saveBlob).toHaveBeenCalledWith('deposits-20261116-20261122.csv', blob), WAIT);
    const [path, filters, fallback] = exportsApi.exportList.mock.calls[0] as [string, object, string];
    expect(path).toBe('/api/partner/deposit/export');
    expect(filters).toEqual(DEFAULTS);
    expect(fallback).toMatch(/^deposits-\d{8}-\d{8}\.csv$/);
    expect(success).toHaveBeenCalledWith('Exported 2 rows');
  });

  it('a refused export saves nothing', async () => {
    exportsApi.exportList.mockRejectedValue(new Error('refused'));
    await renderPage([3, 301]);
    fireEvent.click(screen.getByTestId('deposit-export'));
    await waitFor(() => expect(exportsApi.exportList).toHaveBeenCalledTimes(1), WAIT);
    await settle(100);
    expect(exportsApi.saveBlob).not.toHaveBeenCalled();
    expect(screen.getByTestId('deposit-export').className).not.toContain('ant-btn-loading');
  });
});
