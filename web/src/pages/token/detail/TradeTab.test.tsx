import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import * as assetsModule from '@/api/assets';
import * as configModule from '@/api/config';
import * as exchangeModule from '@/api/exchange';
import * as walletsModule from '@/api/wallets';
import { defaultRange, toOrderFilters } from '@/pages/orders/orderFilters';
import { assetRow, orderSummary } from '@/test/answers';
import { DEVCHAIN_PAIR, exchangeRow, pairView } from '@/test/exchanges';
import { openSelect, optionTitles, pickOption } from '@/test/select';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { toast } from '@/utils/feedback';
import TokenDetailPage from './TokenDetailPage';

// Token detail › Trade: the exchanges paying the token in or out on its chain (the exchange
// order list with its chain and token fixed), with the server mocked.

vi.mock('@/api/exchange', async (original) => ({
  ...(await original<typeof exchangeModule>()),
  listPairs: vi.fn(),
  pageExchanges: vi.fn(),
  exchangeSummary: vi.fn(),
  exchangeDetail: vi.fn(),
}));
const api = vi.mocked(exchangeModule);
vi.mock('@/api/assets');
const assets = vi.mocked(assetsModule);
vi.mock('@/api/wallets');
const wallets = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));
const exportsApi = vi.hoisted(() => ({ exportList: vi.fn(), saveBlob: vi.fn() }));
vi.mock('@/api/exports', () => ({ exportList: exportsApi.exportList }));
vi.mock('@/api/download', () => ({ saveBlob: exportsApi.saveBlob }));

const WAIT = { timeout: 8000 };
const TOKEN_MENU = 2;
const TOKEN_DETAIL = 215;
const TRADE = 204;
/** Devchain USDT (token 1): its own exchanges are those on chain 1337 with token 1 in or out. */
const ASSET = assetRow(5);
const THIS_TOKEN = { chainId: ASSET.chainId, tokenId: ASSET.tokenId };
const DEFAULTS = { ...toOrderFilters({ period: defaultRange(8) }, 8)!, ...THIS_TOKEN };
const EXCHANGE = exchangeRow(1);

async function openTradeTab(menuIds: number[]) {
  renderSignedIn(menuIds, <TokenDetailPage />, {}, `/token/token-detail?id=${ASSET.id}`);
  fireEvent.click(await screen.findByTestId('detail-tab-trade', undefined, WAIT));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  assets.listAssets.mockReset().mockResolvedValue([ASSET]);
  assets.pageColdAddresses.mockReset().mockResolvedValue({ list: [], total: 0 });
  wallets.pageDepositAddresses.mockReset().mockResolvedValue({ list: [], total: 0 });
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1' }] }]),
  );
  // Pairs of the token either way, one of another token on the same chain, one of another chain.
  api.listPairs.mockReset().mockResolvedValue([
    pairView(1),
    DEVCHAIN_PAIR,
    pairView(3, { chainId: 1337, chainname: 'Devchain', tokenIn: { tokenId: null, symbol: 'DEV', decimals: 18 }, tokenOut: { tokenId: 1, symbol: 'USDT', decimals: 6 } }),
    pairView(4, { chainId: 1337, chainname: 'Devchain', tokenIn: { tokenId: 9, symbol: 'USDC', decimals: 6 }, tokenOut: { tokenId: null, symbol: 'DEV', decimals: 18 } }),
  ]);
  api.pageExchanges.mockReset().mockResolvedValue({ list: [EXCHANGE], total: 1 });
  api.exchangeSummary.mockReset().mockResolvedValue(orderSummary({ count: 1 }));
  exportsApi.exportList.mockReset();
});
afterEach(signOutAndRestore);

describe('Token detail › Trade', () => {
  it("lists the token's exchanges: its chain and token go with every list, summary and export request", async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await openTradeTab([TOKEN_MENU, TOKEN_DETAIL, TRADE]);
    await screen.findByTestId(`exchange-row-${EXCHANGE.orderNo}`, undefined, WAIT);
    expect(api.pageExchanges).toHaveBeenCalledWith({ page: 1, pageSize: 20, ...DEFAULTS });
    expect(api.exchangeSummary).toHaveBeenCalledWith(DEFAULTS);

    // The pair filter offers the token's pairs only, either way.
    await waitFor(() => expect(api.listPairs).toHaveBeenCalled(), WAIT);
    await openSelect('filter-pair');
    expect(optionTitles()).toEqual(['Devchain · USDT → DEV', 'Devchain · DEV → USDT']);
    await pickOption('filter-status', 'Held for review');
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageExchanges).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, ...DEFAULTS, status: 1 }), WAIT);

    exportsApi.exportList.mockResolvedValue({ fileName: 'exchanges.csv', rows: 1, blob: new Blob(['csv']) });
    fireEvent.click(screen.getByTestId('exchange-export'));
    await waitFor(() => expect(exportsApi.exportList).toHaveBeenCalledWith('/api/v2/exchange/export', { ...DEFAULTS, status: 1 }, expect.any(String)), WAIT);
  });

  it('tells a role without Token › Trade (204) that it cannot see them, and asks nothing', async () => {
    await openTradeTab([TOKEN_MENU, TOKEN_DETAIL]);
    expect((await screen.findByTestId('detail-trade-no-access', undefined, WAIT)).textContent).toContain('cannot see exchange orders');
    expect(api.pageExchanges).not.toHaveBeenCalled();
    expect(api.listPairs).not.toHaveBeenCalled();
  });
});
