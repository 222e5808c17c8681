import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { showAllColumns } from '@/test/columns';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { settle } from '@/test/router';
import { awaitingReviewRow, withdrawalRow } from '@/test/withdrawals';
import { WithdrawCheckPage } from './WithdrawalPages';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as withdrawalsModule from '@/api/withdrawals';
import * as configModule from '@/api/config';
import { orderSummary, progress } from '@/test/answers';

vi.mock('@/api/withdrawals');
const api = vi.mocked(withdrawalsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const A = awaitingReviewRow(10);
const B = awaitingReviewRow(11);
const FAILED = withdrawalRow(12, { status: 10, reason: 'reverted' });
const DEFAULTS = toOrderFilters({ period: defaultRange(8), status: 1 }, 8)!;
const SELF = 'You cannot approve your own withdrawal';

async function renderCheck(menuIds: Array<number | string>, bindGoogle = true) {
  renderSignedIn(menuIds, <WithdrawCheckPage />, { bindGoogle });
  await screen.findByTestId(`wd-row-${A.orderNo}`, undefined, WAIT);
}
const row = (orderNo: string) => within(screen.getByTestId(`wd-row-${orderNo}`));
const clickSure = async (testId: string) => {
  await settle(300);
  const buttons = await screen.findAllByTestId(testId, undefined, WAIT);
  fireEvent.click(buttons[buttons.length - 1]);
};
/** Types the authenticator's code into the pass dialog. */
const typeGoogleCode = async (code: string) =>
  fireEvent.change(await screen.findByTestId('pass-google-code', undefined, WAIT), { target: { value: code } });
const select = (orderNo: string) => fireEvent.click(screen.getByTestId(`wd-row-${orderNo}`).querySelector('.ant-checkbox-input')!);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageWithdrawals.mockImplementation(async (query: { pageSize: number }) =>
    query.pageSize === 1 ? { list: [A], total: 7 } : { list: [A, B, FAILED], total: 3 },
  );
  api.withdrawalSummary.mockResolvedValue(orderSummary({ count: 3 }));
  api.withdrawalDetail.mockResolvedValue({ ...A, callbacks: [], reviews: [] });
  api.queryWithdrawals.mockResolvedValue([]);
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] }]));
});
afterEach(signOutAndRestore);

describe('Transactions › Withdraw check', () => {
  it('asks for the rows awaiting review; without 40301 / 40302 there are no review buttons', async () => {
    await renderCheck([4, 403]);
    expect(api.pageWithdrawals).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...DEFAULTS });
    expect(DEFAULTS.status).toBe(1);
    expect(screen.getByTestId('filter-status').textContent).toContain('Awaiting review');
    // A reviewer sees what is paid to whom next to the decision.
    expect(row(A.orderNo).getByTestId('wd-amount').getAttribute('data-amount')).toBe(A.amount);
    expect(row(A.orderNo).getByTestId('wd-to').getAttribute('data-address')).toBe(A.toAddress);
    // Why it is held: in the column settings (and the drawer).
    await showAllColumns();
    expect(row(A.orderNo).getByTestId('wd-risk').textContent).toBe('Amount at or above the minimum review amount');
    for (const id of ['review-bar', 'batch-pass', 'one-click', 'wd-pass', 'wd-reject', 'wd-review-again', 'wd-push']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.getByTestId(`wd-row-${A.orderNo}`).querySelector('.ant-checkbox-input')).toBeNull();
    expect(screen.getAllByTestId('wd-detail-open')).toHaveLength(3);
  });

  it('40302 alone offers review again on failed rows only, with the 10-minute rule, and sends action 3', async () => {
    api.checkWithdrawals.mockResolvedValue({ total: 1, done: 0, results: [{ id: 12, ok: false, code: 10422, msg: 'Review again is allowed 10 minutes after approval' }] });
    await renderCheck([4, 403, 40302]);
    expect(screen.queryByTestId('wd-pass')).toBeNull();
    expect(screen.queryByTestId('review-bar')).toBeNull();
    expect(row(A.orderNo).queryByTestId('wd-review-again')).toBeNull();
    const again = row(FAILED.orderNo).getByTestId('wd-review-again');
    fireEvent.mouseEnter(again);
    expect((await screen.findAllByText(/Allowed 10 minutes after its approval/, undefined, WAIT)).length).toBeGreaterThan(0);
    fireEvent.click(again);
    await clickSure('wd-review-again-sure');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [12] }, 3, undefined, undefined), WAIT);
    const result = within(await screen.findByTestId('review-result', undefined, WAIT));
    expect(result.getByTestId('result-ok').textContent).toBe('Refused');
    expect(result.getByTestId('result-msg').textContent).toBe('Review again is allowed 10 minutes after approval');
    expect(api.queryWithdrawals).not.toHaveBeenCalled();
  });

  it('refuses a reject without a reason, then rejects with one and shows the per-row result', async () => {
    api.checkWithdrawals.mockResolvedValue({ total: 1, done: 1, results: [{ id: 10, ok: true, code: 1, msg: '' }] });
    await renderCheck([4, 403, 40301]);
    fireEvent.click(row(A.orderNo).getByTestId('wd-reject'));
    const submit = await screen.findByTestId('reject-submit', undefined, WAIT);
    expect(screen.getByText('Reject 1 withdrawal')).toBeTruthy(); // one, not "withdrawal(s)"
    fireEvent.click(submit);
    expect(await screen.findByText('Please give a reason for the rejection', undefined, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: '   ' } });
    fireEvent.click(submit);
    await settle(200);
    expect(api.checkWithdrawals).not.toHaveBeenCalled();

    const calls = api.pageWithdrawals.mock.calls.length;
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: ' wrong payee ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [10] }, 2, 'wrong payee', undefined), WAIT);
    const result = within(await screen.findByTestId('review-result', undefined, WAIT));
    expect(result.getByTestId('result-summary').textContent).toBe('1 of 1 rejected');
    expect(result.getByTestId('result-order').textContent).toBe(A.orderNo);
    expect(result.getByTestId('result-ok').textContent).toBe('Done');
    expect(result.queryByTestId('result-progress')).toBeNull(); // nothing to follow after a reject
    await waitFor(() => expect(api.pageWithdrawals.mock.calls.length).toBeGreaterThan(calls), WAIT);
    expect(api.queryWithdrawals).not.toHaveBeenCalled();
  });

  it('batch-passes the selected ids, lists each row’s result and follows the passed one until it is final', async () => {
    api.checkWithdrawals.mockResolvedValue({
      total: 2,
      done: 1,
      results: [
        { id: 10, ok: true, code: 1, msg: '' },
        { id: 11, ok: false, code: 10422, msg: SELF },
      ],
    });
    const answers = [[progress(10, 6, '0xaa')], [progress(10, 8, '0xaa')]];
    api.queryWithdrawals.mockImplementation(async () => answers.shift() ?? [progress(10, 8, '0xaa')]);
    await renderCheck([4, 403, 40301]);
    expect(screen.queryByTestId('wd-review-again')).toBeNull(); // 40302 is a button of its own
    expect(row(FAILED.orderNo).queryByTestId('wd-pass')).toBeNull(); // only awaiting rows are passed
    expect(screen.getByTestId('batch-pass').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId(`wd-row-${FAILED.orderNo}`).querySelector('.ant-checkbox-input')!.hasAttribute('disabled')).toBe(true);
    select(A.orderNo);
    select(B.orderNo);
    await waitFor(() => expect(screen.getByTestId('review-selected').textContent).toBe('Selected: 2'), WAIT);
    fireEvent.click(screen.getByTestId('batch-pass'));
    expect((await screen.findAllByText('Pass the 2 selected withdrawals?', undefined, WAIT)).length).toBeGreaterThan(0);
    await typeGoogleCode('123456');
    await clickSure('batch-pass-sure');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [10, 11] }, 1, undefined, '123456'), WAIT);

    const result = within(await screen.findByTestId('review-result', undefined, WAIT));
    expect(result.getByTestId('result-summary').textContent).toBe('1 of 2 passed');
    const refused = within(result.getByTestId('result-row-11'));
    expect(refused.getByTestId('result-ok').textContent).toBe('Refused');
    expect(refused.getByTestId('result-msg').textContent).toBe(SELF);
    expect(within(result.getByTestId('result-row-10')).getByTestId('result-ok').textContent).toBe('Done');

    await waitFor(() => expect(result.getByTestId('result-progress').getAttribute('data-outcome')).toBe('done'), { timeout: 8000 });
    expect(result.getByTestId('result-progress-text').textContent).toBe('1 of the 1 passed reached a final state');
    expect(within(result.getByTestId('result-row-10')).getByTestId('result-status').textContent).toBe('Transaction complete');
    expect(api.queryWithdrawals.mock.calls).toEqual([[[10]], [[10]]]);
    await settle(2600);
    expect(api.queryWithdrawals).toHaveBeenCalledTimes(2); // stopped at the final state
    expect(api.pageWithdrawals).toHaveBeenCalledTimes(2); // the first read, and once more when the progress ended
    expect(screen.getByTestId('review-selected').textContent).toBe('Selected: 0');
  });

  it('one-click passes every awaiting row of the filter, after a confirm that states how many', async () => {
    api.checkWithdrawals.mockResolvedValue({ total: 7, done: 7, results: Array.from({ length: 7 }, (_, index) => ({ id: 100 + index, ok: true, code: 1, msg: '' })) });
    api.queryWithdrawals.mockImplementation(async (ids: number[]) => ids.map((id) => ({ id, status: 8, hash: '', reason: '' })));
    await renderCheck([4, 403, 40301]);
    fireEvent.change(screen.getByTestId('filter-openid'), { target: { value: 'user-1' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageWithdrawals).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS, openId: 'user-1' }), WAIT);
    await settle(200);

    fireEvent.click(screen.getByTestId('one-click'));
    await waitFor(() => expect(api.pageWithdrawals).toHaveBeenLastCalledWith({ ...DEFAULTS, openId: 'user-1', status: 1, page: 1, pageSize: 1 }), WAIT);
    expect((await screen.findAllByText('Pass all 7 withdrawals awaiting review that the current filter selects?', undefined, WAIT)).length).toBeGreaterThan(0);
    await typeGoogleCode(' 654321 ');
    await clickSure('one-click-sure');
    await waitFor(
      () => expect(api.checkWithdrawals).toHaveBeenCalledWith({ all: true, filter: { ...DEFAULTS, openId: 'user-1', status: 1 } }, 1, undefined, '654321'),
      WAIT,
    );
    const result = within(await screen.findByTestId('review-result', undefined, WAIT));
    expect(result.getByTestId('result-summary').textContent).toBe('7 of 7 passed');
    expect(result.getByTestId('result-row-100').textContent).toContain('#100');
    await waitFor(() => expect(result.getByTestId('result-progress-text').textContent).toBe('7 of the 7 passed reached a final state'), WAIT);
  });

  it('one-click with nothing awaiting says so and sends nothing', async () => {
    api.pageWithdrawals.mockImplementation(async (query: { pageSize: number }) => (query.pageSize === 1 ? { list: [], total: 0 } : { list: [A, B, FAILED], total: 3 }));
    const { toast } = await import('@/utils/feedback');
    const info = vi.spyOn(toast, 'info').mockImplementation(() => undefined);
    await renderCheck([4, 403, 40301]);
    fireEvent.click(screen.getByTestId('one-click'));
    await waitFor(() => expect(info).toHaveBeenCalledWith('No withdrawal awaiting review in this filter'), WAIT);
    expect(api.checkWithdrawals).not.toHaveBeenCalled();
  });

  it('a pass asks for the Google code: none is refused in the dialog, a refused call keeps it open, then the row passes', async () => {
    api.checkWithdrawals.mockRejectedValueOnce(new Error('11002')).mockResolvedValue({ total: 1, done: 1, results: [{ id: 10, ok: true, code: 1, msg: '' }] });
    await renderCheck([4, 403, 40301]);
    fireEvent.click(row(A.orderNo).getByTestId('wd-pass'));
    const dialog = within(await screen.findByTestId('pass-modal', undefined, WAIT));
    expect(dialog.getByText(`Pass ${A.orderNo}? The payout is released to the signer.`)).toBeTruthy();
    await clickSure('wd-pass-sure');
    expect(await screen.findByText('Google verification code cannot be empty', undefined, WAIT)).toBeTruthy();
    expect(api.checkWithdrawals).not.toHaveBeenCalled();

    await typeGoogleCode('111111');
    await clickSure('wd-pass-sure');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenCalledWith({ ids: [10] }, 1, undefined, '111111'), WAIT);
    expect(screen.getByTestId('pass-modal')).toBeTruthy(); // refused: still open for another code

    await typeGoogleCode('222222');
    await clickSure('wd-pass-sure');
    await waitFor(() => expect(api.checkWithdrawals).toHaveBeenLastCalledWith({ ids: [10] }, 1, undefined, '222222'), WAIT);
    expect(await screen.findByTestId('review-result', undefined, WAIT)).toBeTruthy();
  });

  it('without a bound authenticator the pass dialog points to binding one and cannot send', async () => {
    await renderCheck([4, 403, 40301], false);
    fireEvent.click(row(A.orderNo).getByTestId('wd-pass'));
    expect(await screen.findByTestId('pass-bind-google', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('pass-google-code')).toBeNull();
    const sure = await screen.findAllByTestId('wd-pass-sure', undefined, WAIT);
    expect(sure[sure.length - 1].hasAttribute('disabled')).toBe(true);
    expect(api.checkWithdrawals).not.toHaveBeenCalled();
  });
});
