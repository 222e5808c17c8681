import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { showAllColumns } from '@/test/columns';
import { makeUser } from '@/test/fixtures';
import { TestRouter, settle } from '@/test/router';
import TokenListPage from './TokenListPage';
import { homeConfig } from '@/test/session';
import * as assetsModule from '@/api/assets';
import * as walletsModule from '@/api/wallets';
import * as configModule from '@/api/config';
import { assetRow, hotWalletRow } from '@/test/answers';

vi.mock('@/api/assets');
const assets = vi.mocked(assetsModule);
vi.mock('@/api/wallets');
const wallets = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 5000 };
const HOT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const ASSET = assetRow(3, { paymentAddress: HOT });

function Probe() {
  const location = useLocation();
  return <div data-testid="probe">{`${location.pathname}${location.search}`}</div>;
}

async function renderPage(menuIds: Array<number | string>) {
  act(() => sessionStore.signIn(makeUser(menuIds)));
  render(
    <TestRouter path="/token/list">
      <Routes>
        <Route path="/token/list" element={<TokenListPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </TestRouter>,
  );
  await screen.findByTestId('asset-row-1337-1', undefined, WAIT);
}

async function pick(testId: string, title: string) {
  fireEvent.mouseDown(screen.getByTestId('asset-form').querySelector(`[data-testid="${testId}"] .ant-select-selector`) ?? screen.getByTestId(testId));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.getAttribute('title') === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  }, WAIT);
  fireEvent.click(option);
  return option;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  assets.listAssets.mockReset().mockResolvedValue([ASSET]);
  assets.addAsset.mockReset().mockResolvedValue({ id: 4 });
  assets.setAssetStatus.mockReset().mockResolvedValue(null);
  wallets.pageHotWallets.mockReset().mockImplementation(({ chainId }) =>
    Promise.resolve(chainId === 1337 ? { list: [hotWalletRow(1, { address: HOT, remark: 'main' })], total: 1 } : { list: [], total: 0 }),
  );
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [
      { tokenid: 1, symbol: 'USDT', price: '1', decimals: 6 },
      { tokenid: 2, symbol: 'USDC', price: '1', decimals: 6 },
    ] },
    { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', txurl: '', family: 'evm', tokens: [{ tokenid: 101, symbol: 'USDT', price: '1', decimals: 6 }] },
  ], { tokenIconUrl: '/static/token-icons/' }));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('token list', () => {
  it('shows the asset with its icon, shortened payment address and statuses', async () => {
    await renderPage([2, 201, 20101, 20102, 20103, 215]);
    const row = screen.getByTestId('asset-row-1337-1');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/static/token-icons/usdt.png');
    expect(screen.getByTestId('asset-payment-address').textContent).toBe('0x5FbD…0aa3');
    expect(screen.getByTestId('asset-cold-status').textContent).toBe('Not set');
    expect(screen.getByTestId('asset-apply-status').textContent).toBe('Awaiting review');
    // The time is a secondary column: switched on in the column settings.
    expect(row.textContent).not.toContain('2026-11-22 15:00:00');
    await showAllColumns();
    expect(screen.getByTestId('asset-row-1337-1').textContent).toContain('2026-11-22 15:00:00');
  });

  it('shows a failed load with Retry, which reads the tokens again', async () => {
    assets.listAssets.mockRejectedValueOnce(new Error('500'));
    act(() => sessionStore.signIn(makeUser([2, 201])));
    render(
      <TestRouter path="/token/list">
        <TokenListPage />
      </TestRouter>,
    );
    fireEvent.click(await screen.findByTestId('list-retry', undefined, WAIT));
    expect(await screen.findByTestId('asset-row-1337-1', undefined, WAIT)).toBeTruthy();
  });

  it('gates every button on its id: no Add, switch, Detail or Edit without them', async () => {
    await renderPage([2, 201]);
    expect(screen.queryByTestId('token-add')).toBeNull();
    expect(screen.queryByTestId('asset-status-switch')).toBeNull();
    expect(screen.getByTestId('asset-status').textContent).toBe('Enabled');
    expect(screen.queryByTestId('asset-detail')).toBeNull();
    expect(screen.queryByTestId('asset-edit')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('opens the detail with flag 215 only', async () => {
    await renderPage([2, 201, 215]);
    expect(screen.queryByTestId('asset-edit')).toBeNull();
    fireEvent.click(screen.getByTestId('asset-detail'));
    expect((await screen.findByTestId('probe', undefined, WAIT)).textContent).toBe('/token/token-detail?id=3');
  });

  it('switches the status with 20103', async () => {
    await renderPage([2, 201, 20103]);
    fireEvent.click(screen.getByTestId('asset-status-switch'));
    await settle(200);
    expect(assets.setAssetStatus).toHaveBeenCalledWith(3, 0);
    await waitFor(() => expect(assets.listAssets).toHaveBeenCalledTimes(2), WAIT);
  });

  it('adds a token: added ones disabled, payment address from the chain’s hot wallets, defaults sent', async () => {
    await renderPage([2, 201, 20101, 205]);
    fireEvent.click(screen.getByTestId('token-add'));
    const submit = await screen.findByTestId('asset-form-submit', undefined, WAIT);
    await settle(300);
    fireEvent.click(submit);
    expect(await screen.findByText('Please choose a chain', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Merchant payment address cannot be empty', undefined, WAIT)).toBeTruthy();

    await pick('asset-form-chain', 'Devchain');
    const taken = await pick('asset-form-token', 'USDT (added)');
    expect(taken.className).toContain('ant-select-item-option-disabled');
    await pick('asset-form-token', 'USDC');
    await pick('asset-form-payment', HOT);
    fireEvent.click(submit);
    await waitFor(() => expect(assets.addAsset).toHaveBeenCalledTimes(1), WAIT);
    expect(assets.addAsset).toHaveBeenCalledWith({
      chainId: 1337,
      tokenId: 2,
      paymentAddress: HOT,
      collect: { autoCollect: false, collectType: 1, startTime: '00:00', intervalHours: 24, minCollectAmount: '0', minSplitAmount: '0' },
      risk: { minReviewAmount: '1000', maxDailyCount: 100, dailyLimit: '100000' },
    });
    expect(wallets.pageHotWallets).toHaveBeenCalledWith({ page: 1, pageSize: 100, chainId: 1337 }, { silent: true });
  });

  it('points to Set when the chain has no hot wallet, and checks amounts', async () => {
    await renderPage([2, 201, 20101, 205]);
    fireEvent.click(screen.getByTestId('token-add'));
    await screen.findByTestId('asset-form-submit', undefined, WAIT);
    await pick('asset-form-chain', 'Anvil');
    await pick('asset-form-token', 'USDT');
    const notice = await screen.findByTestId('asset-form-no-wallet', undefined, WAIT);
    expect(notice.textContent).toContain('You have no hot wallet on this chain yet.');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/token/set');

    fireEvent.change(screen.getByTestId('asset-form-min-review'), { target: { value: '1.1234567' } });
    expect(await screen.findByText('Invalid amount: at most 6 decimals', undefined, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId('asset-form-submit'));
    await settle(300);
    expect(assets.addAsset).not.toHaveBeenCalled();
  });

  it('edits a token with 20102 (no chain or token fields)', async () => {
    assets.editAsset.mockReset().mockResolvedValue(null);
    await renderPage([2, 201, 20102, 205]);
    fireEvent.click(screen.getByTestId('asset-edit'));
    await screen.findByTestId('asset-form-submit', undefined, WAIT);
    expect(screen.queryByTestId('asset-form-chain')).toBeNull();
    fireEvent.change(screen.getByTestId('asset-form-daily-limit'), { target: { value: '5000.5' } });
    fireEvent.click(screen.getByTestId('asset-form-auto-collect'));
    await settle(300);
    fireEvent.click(screen.getByTestId('asset-form-submit'));
    await waitFor(() => expect(assets.editAsset).toHaveBeenCalledTimes(1), WAIT);
    expect(assets.editAsset).toHaveBeenCalledWith({
      id: 3,
      paymentAddress: HOT,
      collect: { ...ASSET.collect, autoCollect: true },
      risk: { ...ASSET.risk, dailyLimit: '5000.5' },
    });
  });
});
