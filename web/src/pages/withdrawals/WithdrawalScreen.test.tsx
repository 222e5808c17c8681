import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { showAllColumns } from '@/test/columns';
import { settle } from '@/test/router';
import { withdrawalRow } from '@/test/withdrawals';
import { toast } from '@/utils/feedback';
import { WithdrawListPage, WithdrawOrdersPage } from './WithdrawalPages';
import { clickLatest, homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as withdrawalsModule from '@/api/withdrawals';
import * as configModule from '@/api/config';
import { attemptResult } from '@/test/answers';
import type { WithdrawalReview } from '@/api/withdrawals';
import { clearPeriod } from '@/test/period';

vi.mock('@/api/withdrawals');
const api = vi.mocked(withdrawalsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const exportsApi = vi.hoisted(() => ({ exportList: vi.fn(), saveBlob: vi.fn() }));
vi.mock('@/api/exports', () => ({ exportList: exportsApi.exportList }));
vi.mock('@/api/download', () => ({ saveBlob: exportsApi.saveBlob }));

const WAIT = { timeout: 8000 };
const DONE = withdrawalRow(9, { amount: '5', actualAmount: '5' });
const WAITING = withdrawalRow(10, {
  chainId: 31337,
  chainname: 'Anvil',
  chainsymbol: 'ETH',
  tokenId: 101,
  status: 1,
  amount: '1500.1234567',
  actualAmount: '0',
  fee: '',
  hash: '',
  fromAddress: '',
  reviewRequired: true,
  riskReasons: ['amount_over_review_minimum', 'risk_control_refused: blocked user'],
  source: 1,
  createdBy: '',
  merchantOrderNo: '',
});
const usdt = (amount: string) => [{ chainId: 1337, tokenId: 1, chainname: 'Devchain', symbol: 'USDT', amount }];
const none = { count: 0, totals: [] };
// One complete withdrawal, one awaiting review.
const SUMMARY = {
  count: 2,
  totals: usdt('1505.123456'),
  outcomes: { complete: { count: 1, totals: usdt('5') }, pending: { count: 1, totals: usdt('1500.123456') }, rejected: none, failed: none, uncredited: none },
};
const ATTEMPT = { id: 3, eventId: 'evt_1', url: 'https://merchant.example/cb', httpStatus: 200, latencyMs: 12, response: '{"code":0}', error: '', success: true, createtime: '2026-11-22T07:02:00Z' };
const REVIEW: WithdrawalReview = { action: 1, reviewer: 'boss@coffer.local', reason: '', createtime: '2026-11-22T07:00:30Z' };
const DEFAULTS = toOrderFilters({ period: defaultRange(8) }, 8)!;

async function renderPage(menuIds: Array<number | string>, page = <WithdrawOrdersPage />) {
  renderSignedIn(menuIds, page);
  await screen.findByTestId(`wd-row-${DONE.orderNo}`, undefined, WAIT);
}
const row = (orderNo = DONE.orderNo) => within(screen.getByTestId(`wd-row-${orderNo}`));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageWithdrawals.mockResolvedValue({ list: [DONE, WAITING], total: 2 });
  api.withdrawalSummary.mockResolvedValue(SUMMARY);
  api.withdrawalDetail.mockResolvedValue({ ...WAITING, callbacks: [ATTEMPT], reviews: [REVIEW] });
  api.pushWithdrawal.mockResolvedValue(attemptResult());
  exportsApi.exportList.mockReset();
  exportsApi.saveBlob.mockReset();
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] },
    { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', txurl: 'https://etherscan.io/tx/', family: 'evm', tokens: [{ tokenid: 101, symbol: 'USDT', price: '1' }] },
  ]));
});
afterEach(signOutAndRestore);

describe('Orders › Withdraw', () => {
  it('asks for the last 7 days of the merchant zone and shows the fields and totals', async () => {
    await renderPage([3, 302]);
    expect(api.pageWithdrawals).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...DEFAULTS });
    expect(api.withdrawalSummary).toHaveBeenCalledWith(DEFAULTS);
    expect(row().getByTestId('wd-amount').textContent).toBe('5.0000');
    expect(row().getByTestId('wd-amount').getAttribute('data-amount')).toBe('5');
    expect(row().getByTestId('wd-amount-symbol').textContent).toBe('USDT');
    expect(row().getByTestId('wd-status').textContent).toBe('Transaction complete');
    // Orders are the business view: the merchant's order number, the user, the notices.
    expect(screen.getByTestId('screen-purpose').textContent).toContain('Business orders: merchant order number, user, amount');
    expect(row().getByTestId('wd-merchant-order-no').textContent).toBe(DONE.merchantOrderNo);
    expect(row().getByTestId('wd-openid').textContent).toBe('user-1');
    expect(row().getByTestId('wd-notice-callback').textContent).toBe('Success');
    // Secondary columns wait in the column settings (and the drawer): the chain's side among them.
    expect(row().queryByTestId('wd-source')).toBeNull();
    expect(row().queryByTestId('wd-to')).toBeNull();
    expect(row().queryByTestId('wd-hash')).toBeNull();
    await showAllColumns();
    expect(row().getByTestId('wd-to').getAttribute('data-address')).toBe(DONE.toAddress);
    expect(row().getByTestId('wd-source').textContent).toBe('Console');
    expect(row().getByTestId('wd-created-by').textContent).toBe('ops@coffer.local');
    // A fee below 0.0001 never reads as zero (the exact one on hover).
    expect(row().getByTestId('wd-fee').textContent).toBe('< 0.0001 DEV');
    expect(row().getByText('2026-11-22 15:00:00')).toBeTruthy();
    const waiting = row(WAITING.orderNo);
    expect(waiting.getByTestId('wd-amount').textContent).toBe('1500.1234');
    expect(waiting.getByTestId('wd-amount').getAttribute('data-amount')).toBe('1500.1234567');
    expect(waiting.getByTestId('wd-status').textContent).toBe('Awaiting review');
    expect(waiting.getByTestId('wd-source').textContent).toBe('Merchant API');
    expect(waiting.getByTestId('wd-risk').textContent).toBe(
      'Amount at or above the minimum review amount; Refused by your risk-control address: blocked user',
    );
    expect(screen.getByTestId('summary-count').textContent).toBe('Withdrawals: 2');
    // What moved is the complete one; the one awaiting review is pending, not in that total.
    expect(within(screen.getByTestId('summary-total-1337-1')).getByTestId('summary-amount').textContent).toBe('5.0000 USDT');
    expect(within(screen.getByTestId('summary-pending-total-1337-1')).getByTestId('summary-amount').textContent).toBe('1500.1234 USDT');
  });

  it('sends the filters trimmed, with the merchant order number and the status', async () => {
    await renderPage([3, 302]);
    fireEvent.change(screen.getByTestId('filter-openid'), { target: { value: ' user-1 ' } });
    fireEvent.change(screen.getByTestId('filter-merchant-order-no'), { target: { value: ' shop-9 ' } });
    fireEvent.change(screen.getByTestId('filter-order-no'), { target: { value: 'W2026' } });
    fireEvent.change(screen.getByTestId('filter-hash'), { target: { value: '0xcd' } });
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: '0x5FbD' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    const expected = { ...DEFAULTS, openId: 'user-1', merchantOrderNo: 'shop-9', orderNo: 'W2026', hash: '0xcd', address: '0x5FbD' };
    await waitFor(() => expect(api.pageWithdrawals).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...expected }), WAIT);
    await waitFor(() => expect(api.withdrawalSummary).toHaveBeenLastCalledWith(expected), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageWithdrawals).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS }), WAIT);
  });

  it('requires a start and an end', async () => {
    await renderPage([3, 302]);
    const calls = api.pageWithdrawals.mock.calls.length;
    await clearPeriod('deposit-filters');
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(await screen.findByText('A start and an end must be chosen', undefined, WAIT)).toBeTruthy();
    await settle(200);
    expect(api.pageWithdrawals).toHaveBeenCalledTimes(calls);
  });

  it('re-pushes with 30201 after a confirm; without it there is no button and no review action', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage([3, 302, 30201, 40301, 40401]);
    expect(screen.queryByTestId('wd-pass')).toBeNull(); // review buttons live on Withdraw check only
    expect(screen.queryByTestId('review-bar')).toBeNull();
    fireEvent.click(row().getByTestId('wd-push'));
    await clickLatest('wd-push-sure');
    await waitFor(() => expect(api.pushWithdrawal).toHaveBeenCalledWith(9), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Delivered: HTTP 200, code 0, 42 ms'), WAIT);
  });

  it('has no re-push without 30201, even with 40401', async () => {
    await renderPage([3, 302, 40401]);
    expect(screen.queryByTestId('wd-push')).toBeNull();
    expect(screen.getAllByTestId('wd-detail-open')).toHaveLength(2);
  });

  it('opens the detail with every order field, risk reasons in words, reviews and callback attempts', async () => {
    await renderPage([3, 302]);
    fireEvent.click(row(WAITING.orderNo).getByTestId('wd-status'));
    const body = within(await screen.findByTestId('wd-detail-body', undefined, WAIT));
    await waitFor(() => expect(api.withdrawalDetail).toHaveBeenCalledWith(10), WAIT);
    expect(body.getByTestId('detail-order-no').textContent).toContain(WAITING.orderNo);
    expect(body.getByTestId('detail-source').textContent).toBe('Merchant API');
    expect(body.getByTestId('detail-created-by').textContent).toBe('Merchant API');
    expect(body.getByTestId('detail-openid').textContent).toBe('user-1');
    expect(body.getByTestId('detail-amount').textContent).toBe('1500.1234 USDT');
    expect(body.getByTestId('detail-actual-amount').getAttribute('data-amount')).toBe('0');
    expect(body.getByTestId('detail-status').textContent).toBe('Awaiting review');
    expect(body.getByTestId('detail-risk').textContent).toContain('Refused by your risk-control address: blocked user');
    expect(body.getByTestId('detail-security-code').textContent).toBe('—');
    expect(body.getByTestId('detail-to').getAttribute('data-address')).toBe(WAITING.toAddress);
    await waitFor(() => expect(body.getByTestId('attempt-row-3')).toBeTruthy(), WAIT);
    expect(body.getByTestId('review-action').textContent).toBe('Pass');
    expect(body.getByTestId('review-reviewer').textContent).toBe('boss@coffer.local');
  });

  it('links the hash to the chain’s explorer in the table and the drawer', async () => {
    api.pageWithdrawals.mockResolvedValue({ list: [DONE, { ...WAITING, status: 8, hash: `0x${'ef'.repeat(32)}` }], total: 2 });
    api.withdrawalDetail.mockResolvedValue({ ...WAITING, status: 8, hash: `0x${'ef'.repeat(32)}`, callbacks: [], reviews: [] });
    await renderPage([3, 302]);
    await showAllColumns();
    expect(row().getByTestId('wd-hash').querySelector('a')).toBeNull(); // the devchain has no explorer
    const link = row(WAITING.orderNo).getByTestId('wd-hash').querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ef'.repeat(32)}`);
    fireEvent.click(row(WAITING.orderNo).getByTestId('wd-detail-open'));
    const body = within(await screen.findByTestId('wd-detail-body', undefined, WAIT));
    expect(body.getByTestId('detail-hash').querySelector('a')!.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ef'.repeat(32)}`);
    expect(body.getByTestId('detail-reviews').textContent).toContain('No review decision yet');
  });

  it("exports the filter through the server's file of withdrawals", async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const blob = new Blob(['csv']);
    exportsApi.exportList.mockResolvedValue({ fileName: 'withdrawals-20261116-20261122.csv', rows: 2, blob });
    await renderPage([3, 302]);
    fireEvent.click(screen.getByTestId('wd-export'));
    await waitFor(() => expect(exportsApi.saveBlob).toHaveBeenCalledWith('withdrawals-20261116-20261122.csv', blob), WAIT);
    const [path, filters, fallback] = exportsApi.exportList.mock.calls[0] as [string, object, string];
    expect(path).toBe('/api/partner/withdraw/export');
    expect(filters).toEqual(DEFAULTS);
    expect(fallback).toMatch(/^withdrawals-\d{8}-\d{8}\.csv$/);
    expect(success).toHaveBeenCalledWith('Exported 2 rows');
  });
});

describe('Transactions › Withdraw list', () => {
  it('is the on-chain view: it says so and leads with the hash, the addresses and the confirmations', async () => {
    await renderPage([4, 404], <WithdrawListPage />);
    expect(screen.getByTestId('screen-purpose').textContent).toBe('On chain: each payout’s hash, addresses, confirmations and completion time.');
    expect(row().getByTestId('wd-hash').getAttribute('data-hash')).toBe(DONE.hash);
    expect(row().getByTestId('wd-from').getAttribute('data-address')).toBe(DONE.fromAddress);
    expect(row().getByTestId('wd-to').getAttribute('data-address')).toBe(DONE.toAddress);
    // A complete withdrawal had its confirmations; the server does not send how many one awaiting review has.
    expect(row().getByTestId('wd-confirmations').textContent).toBe('3/3');
    expect(row(WAITING.orderNo).getByTestId('wd-confirmations').textContent).toBe('—/3');
    // The business side (and when it completed) is one click away.
    expect(row().queryByTestId('wd-merchant-order-no')).toBeNull();
    expect(row().queryByTestId('wd-notice-callback')).toBeNull();
    await showAllColumns();
    expect(row().getByTestId('wd-merchant-order-no').textContent).toBe(DONE.merchantOrderNo);
    expect(row().getByTestId('wd-confirmed-at').textContent).toBe('2026-11-22 15:01:00');
  });

  it('is the same list, re-pushing with 40401 (30201 alone shows nothing)', async () => {
    await renderPage([4, 404, 30201], <WithdrawListPage />);
    expect(screen.queryByTestId('wd-push')).toBeNull();
  });

  it('re-pushes with 40401', async () => {
    await renderPage([4, 404, 40401], <WithdrawListPage />);
    expect(screen.getByTestId('withdrawals-404')).toBeTruthy();
    fireEvent.click(row().getByTestId('wd-push'));
    await clickLatest('wd-push-sure');
    await waitFor(() => expect(api.pushWithdrawal).toHaveBeenCalledWith(9), WAIT);
  });
});
