import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import * as configModule from '@/api/config';
import * as exchangeModule from '@/api/exchange';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { attemptResult, orderSummary } from '@/test/answers';
import { showAllColumns } from '@/test/columns';
import { DEVCHAIN_PAIR, exchangeDetail, exchangeRow, pairView } from '@/test/exchanges';
import { settle } from '@/test/router';
import { chooseOption, openSelect, optionTitles, pickOption } from '@/test/select';
import { clickLatest, homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { toast } from '@/utils/feedback';
import { ExchangeOrders } from './ExchangePages';

// Token › Trade › Orders (menu 204): the exchange orders over the order kit, with the server mocked.

vi.mock('@/api/exchange', async (original) => ({
  ...(await original<typeof exchangeModule>()),
  listPairs: vi.fn(),
  pageExchanges: vi.fn(),
  exchangeSummary: vi.fn(),
  exchangeDetail: vi.fn(),
  pushExchange: vi.fn(),
  decideExchange: vi.fn(),
}));
const api = vi.mocked(exchangeModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const exportsApi = vi.hoisted(() => ({ exportList: vi.fn(), saveBlob: vi.fn() }));
vi.mock('@/api/exports', () => ({ exportList: exportsApi.exportList }));
vi.mock('@/api/download', () => ({ saveBlob: exportsApi.saveBlob }));

const WAIT = { timeout: 8000 };
const TOKEN_MENU = 2;
const TRADE = 204;
const TRADE_DECIDE = 20402;
const TRADE_PUSH = 20403;
const TXURL = 'https://explorer.dev/tx/';

/** Complete, at the fixed rate, a late payment priced afresh. */
const DONE = exchangeRow(1, { repriced: true });
/** Paid 120 USDT to an exchange address, over the pair's maximum: held, nothing paid out. */
const HELD = exchangeRow(2, {
  origin: 2,
  merchantOrderNo: '',
  status: 1,
  reason: 'Paid 120 USDT, above the pair’s maximum of 100 USDT',
  amountIn: '0',
  paidIn: '120',
  amountOut: '34.62',
  outHash: '',
  fee: '0',
  source: 2,
  sourceLabel: 'api.binance.com',
  completetime: null,
});
/** Quoted, not paid yet. */
const WAITING = exchangeRow(3, { status: 0, fromAddress: '', paidIn: '0', hash: '', outHash: '', fee: '0', completetime: null });
const ATTEMPT = { id: 3, eventId: 'evt_1', url: 'https://merchant.example/cb', httpStatus: 200, latencyMs: 12, response: '{"code":0}', error: '', success: true, createtime: '2026-11-22T07:02:00Z' };
const DEFAULTS = toOrderFilters({ period: defaultRange(8) }, 8)!;
const EXCHANGE_WORDS = ['Awaiting payment', 'Payment confirming', 'Paying out', 'Payout sent', 'Complete', 'Held for review', 'Refunding', 'Refunded', 'Expired', 'Failed'];

const row = (orderNo: string) => within(screen.getByTestId(`exchange-row-${orderNo}`));
const drawer = () => within(screen.getByTestId('exchange-detail-body'));

async function renderOrders(menuIds: number[]) {
  renderSignedIn(menuIds, <ExchangeOrders />, { bindGoogle: true });
  await screen.findByTestId(`exchange-row-${DONE.orderNo}`, undefined, WAIT);
}

async function openDetail(menuIds: number[], orderNo: string) {
  await renderOrders(menuIds);
  fireEvent.click(row(orderNo).getByTestId('exchange-status'));
  await screen.findByTestId('exchange-detail-body', undefined, WAIT);
  await waitFor(() => expect(api.exchangeDetail).toHaveBeenCalled(), WAIT);
  await settle(50);
}

/** The href of the explorer link inside the element marked `testId` in the drawer. */
const linkOf = (testId: string) => drawer().getByTestId(testId).querySelector('a')?.getAttribute('href');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const fn of [api.listPairs, api.pageExchanges, api.exchangeSummary, api.exchangeDetail, api.pushExchange, api.decideExchange]) fn.mockReset();
  api.listPairs.mockResolvedValue([pairView(1), DEVCHAIN_PAIR]);
  api.pageExchanges.mockResolvedValue({ list: [DONE, HELD, WAITING], total: 3 });
  api.exchangeSummary.mockResolvedValue(orderSummary({ count: 3 }));
  api.exchangeDetail.mockImplementation(async (id: number) => {
    const found = [DONE, HELD, WAITING].find((candidate) => candidate.id === id)!;
    return exchangeDetail(found, { callbacks: [ATTEMPT] });
  });
  api.pushExchange.mockResolvedValue(attemptResult());
  exportsApi.exportList.mockReset();
  exportsApi.saveBlob.mockReset();
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: TXURL, family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] }]),
  );
});
afterEach(signOutAndRestore);

describe('Token › Trade › Orders: the list', () => {
  it('asks for the last 7 days and leads with the pair, what came in and went out, the rate and the state', async () => {
    await renderOrders([TOKEN_MENU, TRADE]);
    expect(api.pageExchanges).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...DEFAULTS });
    expect(api.exchangeSummary).toHaveBeenCalledWith(DEFAULTS);
    expect(screen.getByTestId('screen-purpose').textContent).toContain('which pair, what came in and went out');
    expect(screen.getByTestId('summary-count').textContent).toBe('Exchanges: 3');

    const done = row(DONE.orderNo);
    expect(done.getByTestId('exchange-order-no').textContent).toBe(DONE.orderNo);
    expect(done.getByTestId('exchange-merchant-order-no').textContent).toBe('swap-1');
    expect(done.getByTestId('exchange-pair').textContent).toBe('Devchain USDT → DEV');
    expect(done.getByTestId('exchange-paid-in').textContent).toBe('100.0000 USDT');
    expect(done.getByTestId('exchange-amount-out').textContent).toBe('28.8500 DEV');
    expect(done.getByTestId('exchange-amount-out').getAttribute('data-amount')).toBe('28.85');
    expect(done.queryByTestId('exchange-amount-out-unpaid')).toBeNull();
    expect(done.getByTestId('exchange-rate').textContent).toBe('1 USDT = 0.2885 DEV');
    expect(done.getByTestId('exchange-rate-fixed').textContent).toBe('fixed, not market');
    expect(done.getByTestId('exchange-rate-repriced').textContent).toBe('Repriced');
    expect(done.getByTestId('exchange-status').textContent).toBe('Complete');
    expect(done.getByTestId('exchange-notice-callback').textContent).toBe('Success');

    // Held: the reason beside the state; what the rate gives is not paid out, and says so.
    const held = row(HELD.orderNo);
    expect(held.getByTestId('exchange-status').textContent).toBe('Held for review');
    expect(held.getByTestId('exchange-status-reason').textContent).toBe(HELD.reason);
    expect(held.getByTestId('exchange-amount-out-unpaid').textContent).toBe('34.6200 DEV');
    expect(held.queryByTestId('exchange-rate-fixed')).toBeNull(); // a feed's rate
    expect(held.queryByTestId('exchange-rate-repriced')).toBeNull();

    const waiting = row(WAITING.orderNo);
    expect(waiting.getByTestId('exchange-status').textContent).toBe('Awaiting payment');
    expect(waiting.getByTestId('exchange-paid-in').textContent).toBe('—');

    // The rest is under Columns.
    expect(done.queryByTestId('exchange-payer')).toBeNull();
    expect(done.queryByTestId('exchange-out-hash')).toBeNull();
    await showAllColumns();
    expect(row(DONE.orderNo).getByTestId('exchange-payer').getAttribute('data-address')).toBe(DONE.fromAddress);
    expect(row(DONE.orderNo).getByTestId('exchange-out-hash').getAttribute('data-hash')).toBe(DONE.outHash);
    expect(row(DONE.orderNo).getByTestId('exchange-origin').textContent).toBe('Merchant API');
    expect(row(DONE.orderNo).getByTestId('exchange-fee').textContent).toBe('0.5');
    expect(row(DONE.orderNo).getByTestId('exchange-market-rate').textContent).toBe('1 USDT = 0.29 DEV');
    expect(row(HELD.orderNo).getByTestId('exchange-origin').textContent).toBe('Exchange address');
    expect(row(HELD.orderNo).getByTestId('exchange-fee').textContent).toBe('0');
  });

  it('filters by pair and by the exchange states in their own words, sending the contract’s fields', async () => {
    await renderOrders([TOKEN_MENU, TRADE]);
    expect(screen.queryByTestId('filter-chain')).toBeNull(); // the pair says the chain and both tokens
    expect(screen.queryByTestId('filter-token')).toBeNull();
    await openSelect('filter-status');
    expect(optionTitles()).toEqual(EXCHANGE_WORDS);
    await chooseOption('Paying out');
    await waitFor(() => expect(api.listPairs).toHaveBeenCalledWith({ silent: true }), WAIT);
    await pickOption('filter-pair', 'Devchain · USDT → DEV');
    fireEvent.change(screen.getByTestId('filter-order-no'), { target: { value: ' X2026 ' } });
    fireEvent.change(screen.getByTestId('filter-merchant-order-no'), { target: { value: 'swap-1' } });
    fireEvent.change(screen.getByTestId('filter-hash'), { target: { value: '0xEF' } });
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: '0x7099' } });
    fireEvent.change(screen.getByTestId('filter-openid'), { target: { value: 'user-1' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    const expected = { ...DEFAULTS, pairId: 2, status: 2, orderNo: 'X2026', merchantOrderNo: 'swap-1', hash: '0xEF', address: '0x7099', openId: 'user-1' };
    await waitFor(() => expect(api.pageExchanges).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...expected }), WAIT);
    await waitFor(() => expect(api.exchangeSummary).toHaveBeenLastCalledWith(expected), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageExchanges).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS }), WAIT);
  });

  it("exports the filter through the server's exchange export", async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    const blob = new Blob(['csv']);
    exportsApi.exportList.mockResolvedValue({ fileName: 'exchanges-20261116-20261122.csv', rows: 3, blob });
    await renderOrders([TOKEN_MENU, TRADE]);
    fireEvent.click(screen.getByTestId('exchange-export'));
    await waitFor(() => expect(exportsApi.saveBlob).toHaveBeenCalledWith('exchanges-20261116-20261122.csv', blob), WAIT);
    const [path, filters, fallback] = exportsApi.exportList.mock.calls[0] as [string, object, string];
    expect(path).toBe('/api/v2/exchange/export');
    expect(filters).toEqual(DEFAULTS);
    expect(fallback).toMatch(/^exchanges-\d{8}-\d{8}\.csv$/);
  });

  it('re-pushes the callback with 20403 only', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderOrders([TOKEN_MENU, TRADE]);
    expect(screen.queryByTestId('exchange-push')).toBeNull();
    cleanup();

    await renderOrders([TOKEN_MENU, TRADE, TRADE_PUSH]);
    const listReads = api.pageExchanges.mock.calls.length;
    fireEvent.click(row(DONE.orderNo).getByTestId('exchange-push'));
    await clickLatest('exchange-push-sure');
    await waitFor(() => expect(api.pushExchange).toHaveBeenCalledWith(DONE.id), WAIT);
    await waitFor(() => expect(api.pageExchanges).toHaveBeenCalledTimes(listReads + 1), WAIT); // the list is read again
  });
});

describe('Token › Trade › Orders: the detail', () => {
  it('shows both legs with their explorer links, the price and the amounts', async () => {
    await openDetail([TOKEN_MENU, TRADE, TRADE_PUSH], DONE.orderNo);
    expect(api.exchangeDetail).toHaveBeenCalledWith(DONE.id);
    const body = drawer();
    await waitFor(() => expect(body.getByTestId('detail-payment-confirmations').textContent).toBe('12/12'), WAIT);
    // The payment in.
    expect(linkOf('detail-payment-hash')).toBe(`${TXURL}${DONE.hash}`);
    expect(body.getByTestId('detail-payer').getAttribute('data-address')).toBe(DONE.fromAddress);
    expect(body.getByTestId('detail-paid-in').textContent).toBe('100.0000 USDT');
    expect(body.getByTestId('detail-payment-order-no').textContent).toBe('D20261122000040');
    // The payout.
    expect(linkOf('detail-payout-hash')).toBe(`${TXURL}${DONE.outHash}`);
    expect(body.getByTestId('detail-payout-status').textContent).toBe('Transaction complete');
    expect(body.getByTestId('detail-payout-address').getAttribute('data-address')).toBe(DONE.payoutAddress);
    expect(body.getByTestId('detail-payout-order-no').textContent).toBe('W20261122000041');
    expect(body.queryByTestId('detail-leg-refund')).toBeNull();
    // The price and the amounts.
    expect(body.getByTestId('detail-status').textContent).toBe('Complete');
    expect(body.getByTestId('detail-pair').textContent).toBe('Devchain USDT → DEV');
    expect(body.getByTestId('detail-rate').textContent).toBe('1 USDT = 0.2885 DEV');
    expect(body.getByTestId('detail-rate-fixed').textContent).toBe('fixed, not market');
    expect(body.getByTestId('detail-rate-repriced')).toBeTruthy();
    expect(body.getByTestId('detail-market-rate').textContent).toBe('1 USDT = 0.29 DEV');
    expect(body.getByTestId('detail-spread').textContent).toBe('0.5%');
    expect(body.getByTestId('detail-source').textContent).toBe('fixed, not market');
    expect(body.getByTestId('detail-price-time').textContent).toBe('2026-11-22 15:00:00');
    expect(body.getByTestId('detail-quoted-in').textContent).toBe('100.0000 USDT');
    expect(body.getByTestId('detail-min-out').textContent).toBe('28.0000 DEV');
    expect(body.getByTestId('detail-amount-out').textContent).toBe('28.8500 DEV');
    expect(body.getByTestId('detail-fee').textContent).toBe('0.5');
    expect(body.getByTestId('detail-pay-by').textContent).toBe('2026-11-22 15:30:00');
    expect(body.getByTestId('detail-completed').textContent).toBe('2026-11-22 15:02:00');
    expect(body.getByTestId('attempt-row-3')).toBeTruthy();
    expect(screen.getAllByTestId('detail-push')).toHaveLength(1);
  });

  it('shows the refund leg of a refunded exchange, and says what has not happened yet', async () => {
    const refunded = { ...HELD, status: 13 as const, outHash: '0x' + '77'.repeat(32) };
    api.pageExchanges.mockResolvedValue({ list: [DONE, refunded, WAITING], total: 3 });
    api.exchangeDetail.mockImplementation(async (id: number) =>
      id === refunded.id
        ? exchangeDetail(refunded, { payout: null, refund: { id: 42, orderNo: 'W20261122000042', hash: refunded.outHash, status: 6, toAddress: refunded.fromAddress, createtime: '2026-11-22T07:05:00Z' } })
        : exchangeDetail(WAITING, { payment: null, payout: null }),
    );
    await openDetail([TOKEN_MENU, TRADE], refunded.orderNo);
    await waitFor(() => expect(drawer().getByTestId('detail-leg-refund')).toBeTruthy(), WAIT);
    expect(drawer().getByTestId('detail-status').textContent).toBe('Refunded');
    expect(linkOf('detail-refund-hash')).toBe(`${TXURL}${refunded.outHash}`);
    expect(drawer().getByTestId('detail-refund-status').textContent).toBe('Processing on chain');
    expect(drawer().getByTestId('detail-refund-address').getAttribute('data-address')).toBe(refunded.fromAddress);
    expect(drawer().queryByTestId('detail-leg-payout')).toBeNull();

    fireEvent.click(row(WAITING.orderNo).getByTestId('exchange-status'));
    await waitFor(() => expect(drawer().getByTestId('detail-payment-none').textContent).toBe('No payment has arrived yet.'), WAIT);
    expect(drawer().getByTestId('detail-payout-none').textContent).toBe('Nothing has been paid out yet.');
    expect(drawer().queryByTestId('detail-payment-hash')).toBeNull(); // no hash yet: a dash
  });

  it('pays a held exchange out at today’s price with the Google code (20402), then reads the list and the detail again', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.decideExchange.mockResolvedValue({ id: HELD.id, status: 2, amountOut: '34.5', rate: '0.2875' });
    await openDetail([TOKEN_MENU, TRADE, TRADE_DECIDE], HELD.orderNo);
    const listReads = api.pageExchanges.mock.calls.length;
    fireEvent.click(await screen.findByTestId('detail-pay-out', undefined, WAIT));
    const dialog = within(await screen.findByTestId('pass-modal', undefined, WAIT));
    expect(dialog.getByText(`Pay out ${HELD.orderNo} at today’s price?`)).toBeTruthy();
    const paying = { ...HELD, status: 2 as const, amountOut: '34.5', rate: '0.2875', reason: '' };
    api.pageExchanges.mockResolvedValue({ list: [DONE, paying, WAITING], total: 3 });
    api.exchangeDetail.mockResolvedValue(exchangeDetail(paying, { payout: null }));
    fireEvent.change(await screen.findByTestId('pass-google-code', undefined, WAIT), { target: { value: '123456' } });
    await clickLatest('detail-pay-out-sure', 300);
    await waitFor(() => expect(api.decideExchange).toHaveBeenCalledWith(HELD.id, 1, '123456'), WAIT);
    expect(success).toHaveBeenCalledWith('Paying out 34.5 DEV at 1 USDT = 0.2875 DEV');
    await waitFor(() => expect(api.pageExchanges.mock.calls.length).toBeGreaterThan(listReads), WAIT);
    await waitFor(() => expect(drawer().getByTestId('detail-status').textContent).toBe('Paying out'), WAIT);
    expect(screen.queryByTestId('detail-pay-out')).toBeNull();
    expect(screen.queryByTestId('detail-refund')).toBeNull();
  });

  it('refunds a held exchange with the Google code', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    api.decideExchange.mockResolvedValue({ id: HELD.id, status: 12, amountOut: '34.62', rate: '0.2885' });
    await openDetail([TOKEN_MENU, TRADE, TRADE_DECIDE], HELD.orderNo);
    fireEvent.click(await screen.findByTestId('detail-refund', undefined, WAIT));
    expect(await screen.findByText(`Refund ${HELD.orderNo}?`, undefined, WAIT)).toBeTruthy();
    fireEvent.change(await screen.findByTestId('pass-google-code', undefined, WAIT), { target: { value: '654321' } });
    await clickLatest('detail-refund-sure', 300);
    await waitFor(() => expect(api.decideExchange).toHaveBeenCalledWith(HELD.id, 2, '654321'), WAIT);
  });

  it('offers no decision without 20402, nor on an exchange that is not held', async () => {
    await openDetail([TOKEN_MENU, TRADE, TRADE_PUSH], HELD.orderNo);
    expect(drawer().getByTestId('detail-status').textContent).toBe('Held for review');
    expect(screen.getByTestId('detail-push')).toBeTruthy(); // the header is there, with what the role holds
    expect(screen.queryByTestId('detail-pay-out')).toBeNull();
    expect(screen.queryByTestId('detail-refund')).toBeNull();
    cleanup();

    await openDetail([TOKEN_MENU, TRADE, TRADE_DECIDE], DONE.orderNo);
    expect(drawer().getByTestId('detail-status').textContent).toBe('Complete');
    expect(screen.queryByTestId('detail-pay-out')).toBeNull();
    expect(screen.queryByTestId('detail-push')).toBeNull(); // no 20403
    fireEvent.click(row(HELD.orderNo).getByTestId('exchange-status'));
    expect(await screen.findByTestId('detail-pay-out', undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('detail-refund')).toBeTruthy();
  });
});
