import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { depositRow } from '@/test/deposits';
import { openSelect, optionTitled, pickOption } from '@/test/select';
import { withdrawalRow } from '@/test/withdrawals';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { clickLatest, homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import TransactionListPage from './TransactionListPage';
import * as transactionsModule from '@/api/transactions';
import * as configModule from '@/api/config';
import { attemptResult } from '@/test/answers';

vi.mock('@/api/transactions');
const api = vi.mocked(transactionsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const DEPOSIT = { ...depositRow(12, { orderNo: 'D202611220000012' }), type: 1 as const };
const WITHDRAWAL = { ...withdrawalRow(12, { orderNo: 'W202611220000012' }), type: 2 as const };
const none = { count: 0, totals: [] };
const outcomes = { complete: none, pending: none, rejected: none, failed: none, uncredited: none };
const DEFAULTS = toOrderFilters({ period: defaultRange(8) }, 8)!;

const row = (orderNo: string) => within(screen.getByTestId(`tx-row-${orderNo}`));
const lastQuery = () => api.pageTransactions.mock.calls.at(-1)![0];

async function renderPage(menuIds: Array<number | string> = [4, 402, 40201]) {
  renderSignedIn(menuIds, <TransactionListPage />);
  await screen.findByTestId('tx-row-W202611220000012', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of Object.values(api)) fn.mockReset();
  api.pageTransactions.mockImplementation(async (query: { cursor?: string }) =>
    query.cursor === 'c2' ? { list: [DEPOSIT], total: 3, next: null } : { list: [WITHDRAWAL, DEPOSIT], total: 3, next: 'c2' },
  );
  api.transactionSummary.mockResolvedValue({ count: 2, totals: [], outcomes, withdrawals: { count: 1, totals: [], outcomes } });
  api.pushTransaction.mockResolvedValue(attemptResult());
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] },
  ]));
});
afterEach(signOutAndRestore);

describe('transaction list', () => {
  it('shows both kinds, each with its type, and pages by cursor', async () => {
    await renderPage();
    expect(api.pageTransactions).toHaveBeenCalledWith({ ...DEFAULTS, pageSize: 20 });
    expect(row('W202611220000012').getByTestId('tx-type').textContent).toBe('Withdrawal');
    expect(row('D202611220000012').getByTestId('tx-type').textContent).toBe('Deposit');
    expect(screen.getByTestId('tx-page').textContent).toBe('Page 1');
    expect(screen.getByTestId('tx-total').textContent).toBe('3 in all');
    expect(screen.getByTestId('tx-previous').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('tx-next'));
    await waitFor(() => expect(screen.getByTestId('tx-page').textContent).toBe('Page 2'), WAIT);
    expect(lastQuery()).toEqual({ ...DEFAULTS, pageSize: 20, cursor: 'c2' });
    await waitFor(() => expect(screen.getByTestId('tx-next').hasAttribute('disabled')).toBe(true), WAIT);

    fireEvent.click(screen.getByTestId('tx-previous'));
    await waitFor(() => expect(screen.getByTestId('tx-page').textContent).toBe('Page 1'), WAIT);
    expect(lastQuery()).toEqual({ ...DEFAULTS, pageSize: 20 });
  });

  it('the type filter narrows and starts again from the first page', async () => {
    await renderPage();
    fireEvent.click(screen.getByTestId('tx-next'));
    await waitFor(() => expect(screen.getByTestId('tx-page').textContent).toBe('Page 2'), WAIT);
    await openSelect('filter-type');
    const option = await optionTitled('Withdrawal');
    expect(option.className).not.toContain('disabled');
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(lastQuery()).toEqual({ ...DEFAULTS, type: 2, pageSize: 20 }), WAIT);
    expect(screen.getByTestId('tx-page').textContent).toBe('Page 1');
    expect(api.transactionSummary).toHaveBeenLastCalledWith({ ...DEFAULTS, type: 2 });
  });

  it('shows a deposit never credited as "Not credited" with its reason, and offers that choice', async () => {
    const DUST = { ...depositRow(13, { orderNo: 'D202611220000013', uncredited: true, note: 'unsupported' }), type: 1 as const };
    api.pageTransactions.mockResolvedValue({ list: [WITHDRAWAL, DUST], total: 2, next: null });
    await renderPage();
    expect(row('D202611220000013').getByTestId('tx-status').textContent).toBe('Not credited');
    expect(row('D202611220000013').getByTestId('tx-status-reason').textContent).toBe('Token not enabled');
    expect(row('W202611220000012').queryByTestId('tx-status-reason')).toBeNull();
    await pickOption('filter-status', 'Not credited');
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(lastQuery()).toEqual({ ...DEFAULTS, uncredited: true, pageSize: 20 }), WAIT);
    expect(api.transactionSummary).toHaveBeenLastCalledWith({ ...DEFAULTS, uncredited: true });
  });

  it("re-pushes the row's own kind", async () => {
    await renderPage();
    fireEvent.click(row('W202611220000012').getByTestId('tx-push'));
    await clickLatest('tx-push-sure');
    await waitFor(() => expect(api.pushTransaction).toHaveBeenCalledWith(12, 2), WAIT);
    fireEvent.click(row('D202611220000012').getByTestId('tx-push'));
    await clickLatest('tx-push-sure');
    await waitFor(() => expect(api.pushTransaction).toHaveBeenLastCalledWith(12, 1), WAIT);
  });

  it('without 40201 there is no re-push', async () => {
    await renderPage([4, 402]);
    expect(screen.queryByTestId('tx-push')).toBeNull();
  });
});
