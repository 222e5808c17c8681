import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import * as assetsModule from '@/api/assets';
import * as configModule from '@/api/config';
import * as exchangeModule from '@/api/exchange';
import * as walletsModule from '@/api/wallets';
import { assetRow, hotWalletRow, orderSummary } from '@/test/answers';
import { DEVCHAIN_PAIR, PAIR_BALANCE_READ_AT, PAIR_PAYOUT_WALLET, exchangeRow, pairView } from '@/test/exchanges';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { WAITING } from '@/pages/home/overview';
import { defaultRange, todayInZone, toOrderFilters } from '@/pages/orders/orderFilters';
import { ApiError } from '@/utils/request';
import TradePage from './TradePage';

// Token › Trade (menu 204): the pairs table and the pair form, and the tab of the exchange
// orders (pages/exchange has their own tests), with the server mocked.

vi.mock('@/api/exchange', async (original) => ({
  ...(await original<typeof exchangeModule>()),
  listPairs: vi.fn(),
  savePair: vi.fn(),
  pageExchanges: vi.fn(),
  exchangeSummary: vi.fn(),
}));
const api = vi.mocked(exchangeModule);
vi.mock('@/api/assets');
const assets = vi.mocked(assetsModule);
vi.mock('@/api/wallets');
const wallets = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const TOKEN_MENU = 2;
const TRADE = 204;
const TRADE_PAIR_EDIT = 20401;
const HOT = '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0';
const TRON_HOT = PAIR_PAYOUT_WALLET;
const BALANCE_READ_AT = PAIR_BALANCE_READ_AT;
const pair = pairView;

const FIXED = DEVCHAIN_PAIR;

const STOPPED = pair(3, {
  enabled: false,
  source: { kind: 0, label: '', maxAgeSecs: null },
  price: { rate: null, quoteRate: null, at: null, ageSecs: null, stopped: { code: 22001, msg: 'This pair has no price source yet: the operator sets one' } },
});

const rowOf = (id: number) => within(screen.getByTestId(`trade-row-${id}`));
const text = (id: number, testId: string) => rowOf(id).getByTestId(testId).textContent;

async function openPage(menuIds: number[] = [TOKEN_MENU, TRADE, TRADE_PAIR_EDIT], rowId = 1) {
  renderSignedIn(menuIds, <TradePage />, { bindGoogle: true });
  await screen.findByTestId(`trade-row-${rowId}`, undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.spyOn(Date, 'now').mockReturnValue(Date.parse(BALANCE_READ_AT) + 5 * 60_000);
  api.listPairs.mockReset().mockResolvedValue([pair(1), FIXED, STOPPED]);
  api.savePair.mockReset().mockResolvedValue({ id: 4 });
  assets.listAssets.mockReset().mockResolvedValue([assetRow(1), assetRow(2, { chainId: 31337, tokenId: 101, status: 0 })]);
  wallets.pageHotWallets.mockReset().mockResolvedValue({
    list: [hotWalletRow(1, { address: HOT, remark: 'payouts' }), hotWalletRow(2, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', status: 1 })],
    total: 2,
  });
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([
      { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', decimals: 18, txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1', decimals: 6 }] },
      { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', decimals: 18, txurl: '', family: 'evm', tokens: [{ tokenid: 101, symbol: 'USDT', price: '1', decimals: 6 }] },
    ]),
  );
});
afterEach(signOutAndRestore);

describe('Token › Trade: the pairs', () => {
  it('shows a live pair: both rates as sent, the feed and its limit, the price age, percents, limits and the payout wallet', async () => {
    await openPage();
    expect(screen.getByTestId('trade-tip').textContent).toContain('a stopped pair accepts no order');
    expect(text(1, 'trade-pair')).toBe('TRON USDT → TRX');
    expect(text(1, 'trade-enabled')).toBe('Enabled');
    expect(text(1, 'trade-quote-rate')).toBe('1 USDT = 3.41703895 TRX');
    expect(text(1, 'trade-market-rate')).toBe('1 USDT = 3.43421 TRX');
    expect(text(1, 'trade-price-age')).toBe('12 s ago');
    expect(text(1, 'trade-source')).toBe('api.binance.comat most 60 s old');
    expect(text(1, 'trade-spread')).toBe('Spread: 0.5%');
    expect(text(1, 'trade-tolerance')).toBe('Tolerance: 0.05%');
    expect(text(1, 'trade-min-max')).toBe('10 – 5000 USDT');
    expect(text(1, 'trade-daily')).toBe('20000 USDT');
    expect(text(1, 'trade-used')).toBe('150.5 USDT');
    expect(text(1, 'trade-payout')).toBe('TR7NHq…Lj6t');
    expect(rowOf(1).getByTestId('trade-payout').getAttribute('data-address')).toBe(TRON_HOT);
    expect(text(1, 'trade-payout-balance')).toBe('12345.6789 TRX');
    expect(text(1, 'trade-payout-age')).toBe(' · read 5 min ago');
    expect(text(1, 'trade-outside')).toBe('Refund');
    expect(rowOf(1).queryByTestId('trade-stopped')).toBeNull();
  });

  it('says a fixed rate is "fixed, not market", in each language', async () => {
    await openPage();
    expect(text(2, 'trade-source')).toBe('fixed, not market');
    expect(text(2, 'trade-quote-rate')).toBe('1 USDT = 0.2885 DEV');
    expect(text(2, 'trade-daily')).toBe('none');
    expect(text(2, 'trade-payout-unread')).toBe('not read yet');
    expect(rowOf(2).queryByTestId('trade-payout-balance')).toBeNull();
    expect(text(2, 'trade-outside')).toBe('Hold for review');
    await i18n.changeLanguage('zh-CN');
    await waitFor(() => expect(text(2, 'trade-source')).toBe('固定汇率，非市场价'), WAIT);
    await i18n.changeLanguage('zh-HK');
    await waitFor(() => expect(text(2, 'trade-source')).toBe('固定匯率，非市場價'), WAIT);
  });

  it('shows a stopped pair with its reason in red, and no rate', async () => {
    await openPage();
    const stop = rowOf(3).getByTestId('trade-stopped');
    expect(stop.textContent).toBe('This pair has no price source yet: the operator sets one');
    expect(stop.getAttribute('data-code')).toBe('22001');
    expect(stop.className).toContain('ant-tag-error');
    expect(rowOf(3).queryByTestId('trade-quote-rate')).toBeNull();
    expect(text(3, 'trade-source')).toBe('No price source');
    expect(text(3, 'trade-enabled')).toBe('Disabled');
  });

  it('reads the live rates again on Refresh', async () => {
    await openPage();
    api.listPairs.mockResolvedValue([pair(1, { price: { rate: '3.5', quoteRate: '3.4825', at: '2026-11-29T08:00:10Z', ageSecs: 1, stopped: null } })]);
    fireEvent.click(screen.getByTestId('trade-refresh'));
    await waitFor(() => expect(text(1, 'trade-quote-rate')).toBe('1 USDT = 3.4825 TRX'), WAIT);
    expect(text(1, 'trade-price-age')).toBe('1 s ago');
    expect(api.listPairs).toHaveBeenCalledTimes(2);
  });

  it('hides Add pair and Edit from a role without 20401', async () => {
    await openPage([TOKEN_MENU, TRADE]);
    expect(screen.queryByTestId('trade-add')).toBeNull();
    expect(screen.queryByTestId('trade-edit')).toBeNull();
    expect(screen.getByTestId('trade-refresh')).toBeTruthy();
  });
});

/** Picks an antd Select's option by its text. */
async function pick(testId: string, option: string) {
  const field = screen.getByTestId(testId);
  fireEvent.mouseDown(field.closest('.ant-select')!.querySelector('.ant-select-selector')!);
  const found = await waitFor(() => {
    const node = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (item) => item.getAttribute('title') === option,
    );
    if (!node) throw new Error(`no option ${option}`);
    return node;
  }, WAIT);
  fireEvent.click(found);
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Token › Trade: the tabs', () => {
  it('opens on the pairs; the Orders tab lists the exchange orders made on them', async () => {
    const exchange = exchangeRow(1);
    api.pageExchanges.mockReset().mockResolvedValue({ list: [exchange], total: 1 });
    api.exchangeSummary.mockReset().mockResolvedValue(orderSummary({ count: 1 }));
    await openPage([TOKEN_MENU, TRADE]);
    expect(screen.getByTestId('trade-tab-pairs').textContent).toBe('Pairs');
    expect(api.pageExchanges).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('trade-tab-orders'));
    const orders = await screen.findByTestId(`exchange-row-${exchange.orderNo}`, undefined, WAIT);
    expect(within(orders).getByTestId('exchange-pair').textContent).toBe('Devchain USDT → DEV');
    expect(screen.getByTestId('exchanges-204').textContent).toContain('Exchange orders');
  });

  it('opens on the held exchanges from Home\u2019s "Exchanges held for review"', async () => {
    const exchange = exchangeRow(1, { status: 1 });
    api.pageExchanges.mockReset().mockResolvedValue({ list: [exchange], total: 1 });
    api.exchangeSummary.mockReset().mockResolvedValue(orderSummary({ count: 1 }));
    const homeLink = WAITING.find((item) => item.key === 'exchangesHeld')!.path;
    renderSignedIn([TOKEN_MENU, TRADE], <TradePage />, { bindGoogle: true }, homeLink);
    expect(await screen.findByTestId(`exchange-row-${exchange.orderNo}`, undefined, WAIT)).toBeTruthy();
    const held = { ...toOrderFilters({ period: defaultRange(8) }, 8), status: 1 };
    expect(api.pageExchanges).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...held });
    expect(api.exchangeSummary).toHaveBeenCalledWith(held);
    expect(screen.getByTestId('filter-status').textContent).toContain('Held for review');
  });

  it('reaches back to the day Home\u2019s link names: a held exchange 30 days old shows', async () => {
    api.pageExchanges.mockReset().mockResolvedValue({ list: [exchangeRow(1)], total: 1 });
    api.exchangeSummary.mockReset().mockResolvedValue(orderSummary({ count: 1 }));
    const since = dayjs(todayInZone(8)).subtract(30, 'day');
    renderSignedIn([TOKEN_MENU, TRADE], <TradePage />, { bindGoogle: true }, `/token/trade?tab=orders&status=1&since=${since.format('YYYY-MM-DD')}`);
    await screen.findByTestId('exchange-row-' + exchangeRow(1).orderNo, undefined, WAIT);
    const held = { ...toOrderFilters({ period: [since, defaultRange(8)[1]] }, 8), status: 1 };
    expect(api.pageExchanges).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...held });
    expect(api.exchangeSummary).toHaveBeenCalledWith(held);
  });

  it('ignores a state the exchanges do not take in the link', async () => {
    api.pageExchanges.mockReset().mockResolvedValue({ list: [exchangeRow(1)], total: 1 });
    api.exchangeSummary.mockReset().mockResolvedValue(orderSummary({ count: 1 }));
    renderSignedIn([TOKEN_MENU, TRADE], <TradePage />, { bindGoogle: true }, '/token/trade?tab=orders&status=11');
    await screen.findByTestId('exchange-row-' + exchangeRow(1).orderNo, undefined, WAIT);
    expect(api.pageExchanges).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...toOrderFilters({ period: defaultRange(8) }, 8) });
  });
});

describe('Token › Trade: the pair form', () => {
  it('adds a devchain USDT → native DEV pair: refuses min above max, then sends the exact body', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('trade-add'));
    await screen.findByTestId('trade-form-chain', undefined, WAIT);
    await pick('trade-form-chain', 'Devchain');
    await pick('trade-form-token-in', 'USDT');
    await pick('trade-form-token-out', 'DEV (native coin)');
    type('trade-form-spread', '0.05');
    type('trade-form-tolerance', '1');
    type('trade-form-min', '100');
    type('trade-form-max', '10');
    await pick('trade-form-payout', HOT);
    fireEvent.click(within(screen.getByTestId('trade-form-outside')).getByText('Hold for review'));
    type('trade-form-google-code', '123456');
    fireEvent.click(screen.getByTestId('trade-form-submit'));
    expect(await screen.findByText('The minimum must not be above the maximum', undefined, WAIT)).toBeTruthy();
    expect(api.savePair).not.toHaveBeenCalled();

    type('trade-form-max', '1000.5');
    await waitFor(() => expect(screen.queryByText('The minimum must not be above the maximum')).toBeNull(), WAIT);
    fireEvent.click(screen.getByTestId('trade-form-submit'));
    await waitFor(() => expect(api.savePair).toHaveBeenCalledTimes(1), WAIT);
    expect(api.savePair).toHaveBeenCalledWith({
      chainId: 1337,
      tokenIn: 1,
      tokenOut: null,
      enabled: true,
      spreadBp: 5,
      toleranceBp: 100,
      minIn: '100',
      maxIn: '1000.5',
      dailyLimit: '0',
      payoutWallet: HOT,
      outsideRule: 2,
      googleCode: '123456',
    });
    await waitFor(() => expect(api.listPairs).toHaveBeenCalledTimes(2), WAIT); // the list is read again
  });

  it('refuses a spread with more than 2 decimals, over 50 %, the same token twice and too many decimals', async () => {
    await openPage();
    fireEvent.click(screen.getByTestId('trade-add'));
    await screen.findByTestId('trade-form-chain', undefined, WAIT);
    await pick('trade-form-chain', 'Devchain');
    await pick('trade-form-token-in', 'USDT');
    await pick('trade-form-token-out', 'USDT');
    type('trade-form-spread', '0.005');
    type('trade-form-tolerance', '10.01');
    type('trade-form-min', '0.0000001');
    fireEvent.click(screen.getByTestId('trade-form-submit'));
    expect(await screen.findByText('A percent from 0 to 50, with at most 2 decimals', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('A percent from 0 to 10, with at most 2 decimals')).toBeTruthy();
    expect(screen.getByText('Token in and token out must differ')).toBeTruthy();
    expect(screen.getByText('A positive amount with at most 6 decimals')).toBeTruthy();
    type('trade-form-spread', '50.01');
    expect(await screen.findByText('A percent from 0 to 50, with at most 2 decimals', undefined, WAIT)).toBeTruthy();
    expect(api.savePair).not.toHaveBeenCalled();
  });

  it('edits a pair: its values filled in, chain and tokens fixed, the id and the new spread sent', async () => {
    await openPage();
    fireEvent.click(rowOf(2).getByTestId('trade-edit'));
    const spread = (await screen.findByTestId('trade-form-spread', undefined, WAIT)) as HTMLInputElement;
    await waitFor(() => expect(spread.value).toBe('0.5'), WAIT);
    expect((screen.getByTestId('trade-form-tolerance') as HTMLInputElement).value).toBe('0.05');
    expect(screen.getByTestId('trade-form-chain').closest('.ant-select')!.className).toContain('ant-select-disabled');
    expect(screen.getByTestId('trade-form-token-in').closest('.ant-select')!.className).toContain('ant-select-disabled');
    type('trade-form-spread', '1.25');
    type('trade-form-google-code', '654321');
    fireEvent.click(screen.getByTestId('trade-form-submit'));
    await waitFor(() => expect(api.savePair).toHaveBeenCalledTimes(1), WAIT);
    expect(api.savePair).toHaveBeenCalledWith({
      id: 2,
      chainId: 1337,
      tokenIn: 1,
      tokenOut: null,
      enabled: true,
      spreadBp: 125,
      toleranceBp: 5,
      minIn: '10',
      maxIn: '5000',
      dailyLimit: '0',
      payoutWallet: HOT,
      outsideRule: 2,
      googleCode: '654321',
    });
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    api.savePair.mockRejectedValue(new ApiError(22011, 'This pair already exists'));
    await openPage();
    fireEvent.click(rowOf(1).getByTestId('trade-edit'));
    await screen.findByTestId('trade-form-spread', undefined, WAIT);
    type('trade-form-google-code', '123456');
    fireEvent.click(screen.getByTestId('trade-form-submit'));
    expect((await screen.findByTestId('trade-form-error', undefined, WAIT)).textContent).toContain('This pair already exists');
    expect(screen.getByTestId('trade-form-spread')).toBeTruthy();
    expect(api.listPairs).toHaveBeenCalledTimes(1);
  });
});
