import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as collectionModule from '@/api/collection';
import * as configModule from '@/api/config';
import * as exchangeModule from '@/api/exchange';
import type { PairView } from '@/api/exchange';
import * as walletsModule from '@/api/wallets';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { hotWalletRow } from '@/test/answers';
import { chainFees } from '@/test/collections';
import { makeUser } from '@/test/fixtures';
import { TestRouter } from '@/test/router';
import { homeConfig } from '@/test/session';
import HotWalletPage from './HotWalletPage';
import { hotWalletRoles } from './hotWalletRoles';

vi.mock('@/api/wallets');
vi.mock('@/api/config');
vi.mock('@/api/collection', async (original) => ({ ...(await original<typeof collectionModule>()), collectionFees: vi.fn() }));
vi.mock('@/api/exchange', async (original) => ({ ...(await original<typeof exchangeModule>()), listPairs: vi.fn() }));
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const wallets = vi.mocked(walletsModule);
const config = vi.mocked(configModule);
const fees = vi.mocked(collectionModule);
const exchange = vi.mocked(exchangeModule);

const WAIT = { timeout: 5000 };
const PAYER = '0x1111111111111111111111111111111111111111';
const FEE = '0x2222222222222222222222222222222222222222';
const EXCHANGE = '0x3333333333333333333333333333333333333333';
const ANVIL = '0x4444444444444444444444444444444444444444';
// On the devchain: a wallet that only pays withdrawals, the fee wallet, a pair's payout wallet
// (paused: it pays nothing else); on Anvil, a wallet with the devchain fee wallet's id but not its chain.
const WALLETS = [
  hotWalletRow(1, { address: PAYER, remark: 'withdrawals only' }),
  hotWalletRow(4, { address: FEE, remark: 'fees' }),
  hotWalletRow(5, { address: EXCHANGE, remark: 'trade desk', status: 1 }),
  hotWalletRow(6, { chainId: 31337, chainname: 'Anvil', address: ANVIL, remark: '' }),
];
const FEES = [chainFees({ chainId: 1337, feeWalletId: 4, feeWalletAddress: FEE }), chainFees({ chainId: 31337, feeWalletId: null, feeWalletAddress: null })];
const pair = (chainId: number, payoutWallet: string) => ({ id: 1, chainId, payoutWallet }) as PairView;
const PAIRS = [pair(1337, EXCHANGE), pair(31337, PAYER)]; // the second names another chain's wallet

describe('the roles of a hot wallet', () => {
  it('a wallet in state normal pays withdrawals; a paused one does not', () => {
    expect(hotWalletRoles(WALLETS[0], FEES, PAIRS)).toEqual(['withdrawals']);
    expect(hotWalletRoles({ ...WALLETS[0], status: 1 }, FEES, PAIRS)).toEqual([]);
  });

  it('the fee wallet of its own chain is the collection fee wallet', () => {
    expect(hotWalletRoles(WALLETS[1], FEES, PAIRS)).toEqual(['withdrawals', 'collectionFees']);
    expect(hotWalletRoles({ ...WALLETS[1], chainId: 31337 }, FEES, PAIRS)).toEqual(['withdrawals']);
  });

  it('a wallet a trade pair of its chain names pays exchanges out', () => {
    expect(hotWalletRoles(WALLETS[2], FEES, PAIRS)).toEqual(['exchangePayouts']);
    expect(hotWalletRoles({ ...WALLETS[2], status: 0 }, FEES, PAIRS)).toEqual(['withdrawals', 'exchangePayouts']);
  });

  it('claims nothing it could not read', () => {
    expect(hotWalletRoles(WALLETS[1], null, null)).toEqual(['withdrawals']);
    expect(hotWalletRoles(WALLETS[2], null, null)).toEqual([]);
  });
});

describe('Token › Set', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    wallets.pageHotWallets.mockReset().mockResolvedValue({ list: WALLETS, total: WALLETS.length });
    fees.collectionFees.mockReset().mockResolvedValue(FEES);
    exchange.listPairs.mockReset().mockResolvedValue(PAIRS);
    config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([], {}));
  });
  afterEach(async () => {
    act(() => sessionStore.signOut());
    await i18n.changeLanguage('en');
  });

  const renderPage = async (menus: Array<number | string>) => {
    act(() => sessionStore.signIn(makeUser(menus)));
    render(
      <TestRouter>
        <HotWalletPage />
      </TestRouter>,
    );
    await screen.findByTestId(`hot-row-${PAYER}`, undefined, WAIT);
  };
  const roles = (address: string) =>
    within(screen.getByTestId(`hot-row-${address}`)).queryAllByTestId(/^hot-role-/).map((tag) => tag.textContent);
  const remark = (address: string) => within(screen.getByTestId(`hot-row-${address}`)).getByTestId('hot-remark').textContent;

  it('says what the wallets are for, and shows each one’s remark and roles', async () => {
    await renderPage([2, 205, 5, 502, 204]);
    expect(screen.getByText('Hot wallets: payouts and fees')).toBeTruthy();
    expect(screen.getByText(/They pay out the withdrawals of their chain; a chain’s fee wallet/)).toBeTruthy();
    await waitFor(() => expect(roles(FEE)).toEqual(['Pays withdrawals', 'Collection fee wallet']), WAIT);
    expect(roles(PAYER)).toEqual(['Pays withdrawals']);
    await waitFor(() => expect(roles(EXCHANGE)).toEqual(['Exchange payouts']), WAIT);
    expect(roles(ANVIL)).toEqual(['Pays withdrawals']);
    expect([PAYER, FEE, EXCHANGE].map(remark)).toEqual(['withdrawals only', 'fees', 'trade desk']);
    expect(fees.collectionFees).toHaveBeenCalledWith({ silent: true });
    expect(exchange.listPairs).toHaveBeenCalledWith({ silent: true });
  });

  it('in Chinese, simplified and traditional', async () => {
    await i18n.changeLanguage('zh-CN');
    await renderPage([2, 205, 5, 502, 204]);
    expect(screen.getByText('热钱包：出款与手续费')).toBeTruthy();
    await waitFor(() => expect(roles(FEE)).toEqual(['支付提现', '归集手续费钱包']), WAIT);
    await waitFor(() => expect(roles(EXCHANGE)).toEqual(['兑换出款']), WAIT);
    act(() => sessionStore.signOut());
    document.body.innerHTML = '';

    await i18n.changeLanguage('zh-HK');
    await renderPage([2, 205, 5, 502, 204]);
    expect(screen.getByText('熱錢包：出款與手續費')).toBeTruthy();
    await waitFor(() => expect(roles(FEE)).toEqual(['支付提現', '歸集手續費錢包']), WAIT);
    await waitFor(() => expect(roles(EXCHANGE)).toEqual(['兌換出款']), WAIT);
  });

  it('a role without Fund collection or Trade reads neither, and is told only what it can know', async () => {
    await renderPage([2, 205]);
    expect(roles(FEE)).toEqual(['Pays withdrawals']);
    expect(roles(EXCHANGE)).toEqual([]);
    expect(fees.collectionFees).not.toHaveBeenCalled();
    expect(exchange.listPairs).not.toHaveBeenCalled();
  });
});
