import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { settle } from '@/test/router';
import WalletAddressPage from './WalletAddressPage';
import { showAllColumns } from '@/test/columns';
import { homeConfig, renderSignedIn } from '@/test/session';
import * as walletsModule from '@/api/wallets';
import * as configModule from '@/api/config';

vi.mock('@/api/wallets');
const api = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 5000 };
const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ROW = { id: 11, chainId: 1337, chainname: 'Devchain', openId: 'user-1', address: ADDRESS, remark: '', createtime: '2026-11-22T07:00:00Z' };

async function renderPage(menuIds: Array<number | string>) {
  renderSignedIn(menuIds, <WalletAddressPage />);
  await screen.findByTestId('deposit-row-1337-user-1', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageDepositAddresses.mockReset().mockResolvedValue({ list: [ROW], total: 1 });
  api.editAddressRemark.mockReset().mockResolvedValue(null);
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([{ chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [] }]));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('wallet (deposit) addresses', () => {
  it('lists addresses shortened, times in the merchant zone, and filters trimmed', async () => {
    await renderPage([2, 202]);
    expect(api.pageDepositAddresses).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    expect(screen.getByTestId('deposit-address').textContent).toBe('0x5FbD…0aa3');
    expect(screen.getByTestId('deposit-row-1337-user-1').textContent).not.toContain('2026-11-22 15:00:00'); // a secondary column
    await showAllColumns();
    expect(screen.getByTestId('deposit-row-1337-user-1').textContent).toContain('2026-11-22 15:00:00');
    expect(screen.queryByTestId('deposit-remark-edit')).toBeNull(); // no 20201

    fireEvent.change(screen.getByTestId('filter-openid'), { target: { value: ' user-1 ' } });
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: ' 0x5FbD ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageDepositAddresses).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, openId: 'user-1', address: '0x5FbD' }), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageDepositAddresses).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
  });

  it('edits a remark with 20201, at most 100 characters', async () => {
    await renderPage([2, 202, 20201]);
    fireEvent.click(screen.getByTestId('deposit-remark-edit'));
    const input = await screen.findByTestId('remark-form-remark', undefined, WAIT);
    expect(input.getAttribute('maxlength')).toBe('100');
    fireEvent.change(input, { target: { value: ' VIP customer ' } });
    await settle(300);
    fireEvent.click(screen.getByTestId('remark-form-submit'));
    await waitFor(() => expect(api.editAddressRemark).toHaveBeenCalledWith(11, 'VIP customer'), WAIT);
    await waitFor(() => expect(api.pageDepositAddresses).toHaveBeenCalledTimes(2), WAIT);
  });
});
