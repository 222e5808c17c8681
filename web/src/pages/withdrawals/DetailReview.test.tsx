import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { settle } from '@/test/router';
import { awaitingReviewRow, withdrawalRow } from '@/test/withdrawals';
import { WithdrawOrdersPage } from './WithdrawalPages';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as withdrawalsModule from '@/api/withdrawals';
import * as configModule from '@/api/config';
import { orderSummary } from '@/test/answers';

// Orders › Withdraw: the detail of an order awaiting review offers Pass and Reject to a role
// holding 40301 (the review queue's dialogs and calls), and the list is read again after.

vi.mock('@/api/withdrawals');
const api = vi.mocked(withdrawalsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const AWAITING = awaitingReviewRow(10);
const DONE = withdrawalRow(9);
const PASSED = { ...AWAITING, status: 2 as const };

async function openDetail(menuIds: Array<number | string>, orderNo = AWAITING.orderNo) {
  renderSignedIn(menuIds, <WithdrawOrdersPage />, { bindGoogle: true });
  fireEvent.click(await screen.findByTestId(`wd-row-${orderNo}`, undefined, WAIT));
  const drawer = await screen.findByTestId('wd-detail-body', undefined, WAIT);
  await waitFor(() => expect(api.withdrawalDetail).toHaveBeenCalled(), WAIT);
  await settle(50);
  return drawer;
}
const clickLast = async (testId: string) => {
  await settle(300);
  const buttons = await screen.findAllByTestId(testId, undefined, WAIT);
  fireEvent.click(buttons[buttons.length - 1]);
};

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageWithdrawals.mockResolvedValue({ list: [AWAITING, DONE], total: 2 });
  api.withdrawalSummary.mockResolvedValue(orderSummary({ count: 2 }));
  api.withdrawalDetail.mockImplementation(async (id: number) => ({ ...(id === AWAITING.id ? AWAITING : DONE), callbacks: [], reviews: [] }));
  api.queryWithdrawals.mockResolvedValue([{ id: AWAITING.id, status: 8, hash: '0xab', reason: '' }]);
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] }]));
});
afterEach(signOutAndRestore);

describe('Orders › Withdraw: review from the detail', () => {
  it('passes an order awaiting review with the Google code, then reads the list and the detail again', async () => {
    api.checkWithdrawals.mockResolvedValue({ total: 1, done: 1, results: [{ id: 10, ok: true, code: 1, msg: '' }] });
    await openDetail([3, 302, 40301]);
    const listReads = api.pageWithdrawals.mock.calls.length;
    fireEvent.click(screen.getByTestId('detail-pass'));
    const dialog = within(await screen.findByTestId('pass-modal', undefined, WAIT));
    expect(dialog.getByText(`Pass ${AWAITING.orderNo}? The payout is released to the signer.`)).toBeTruthy();
    api.withdrawalDetail.mockResolvedValue({ ...PASSED, callbacks: [], reviews: [] });
    api.pageWithdrawals.mockResolvedValue({ list: [PASSED, DONE], total: 2 });
    fireEvent.change(await screen.findByTestId('pass-google-code', undefined, WAIT), { target: { value: '123456' } });
    await clickLast('detail-pass-sure');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [10] }, 1, undefined, '123456'), WAIT);
    await waitFor(() => expect(api.pageWithdrawals.mock.calls.length).toBeGreaterThan(listReads), WAIT);
    // The order has left "Awaiting review": its detail says so and offers no review any more.
    await waitFor(() => expect(within(screen.getByTestId('wd-detail-body')).getByTestId('detail-status').textContent).toBe('Pass'), WAIT);
    expect(screen.queryByTestId('detail-pass')).toBeNull();
    expect(screen.queryByTestId('detail-reject')).toBeNull();
  });

  it('rejects with a reason', async () => {
    api.checkWithdrawals.mockResolvedValue({ total: 1, done: 1, results: [{ id: 10, ok: true, code: 1, msg: '' }] });
    await openDetail([3, 302, 40301]);
    fireEvent.click(screen.getByTestId('detail-reject'));
    fireEvent.change(await screen.findByTestId('reject-reason', undefined, WAIT), { target: { value: ' wrong address ' } });
    await clickLast('reject-submit');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [10] }, 2, 'wrong address', undefined), WAIT);
  });

  it('offers Pass and Reject only to a role holding 40301, and only on an order awaiting review', async () => {
    await openDetail([3, 302, 30201]);
    expect(screen.getByTestId('detail-push')).toBeTruthy(); // the drawer's header is there, with what the role holds
    expect(screen.queryByTestId('detail-pass')).toBeNull();
    expect(screen.queryByTestId('detail-reject')).toBeNull();
    cleanup();

    await openDetail([3, 302, 40301], DONE.orderNo);
    expect(within(screen.getByTestId('wd-detail-body')).getByTestId('detail-status').textContent).toBe('Transaction complete');
    expect(screen.queryByTestId('detail-pass')).toBeNull();
    expect(screen.queryByTestId('detail-reject')).toBeNull();
    fireEvent.click(screen.getByTestId(`wd-row-${AWAITING.orderNo}`));
    await waitFor(() => expect(within(screen.getByTestId('wd-detail-body')).getByTestId('detail-status').textContent).toBe('Awaiting review'), WAIT);
    expect(await screen.findByTestId('detail-pass', undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('detail-reject')).toBeTruthy();
  });
});
