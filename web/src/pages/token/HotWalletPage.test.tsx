import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { TestRouter, settle } from '@/test/router';
import HotWalletPage from './HotWalletPage';
import { showAllColumns } from '@/test/columns';
import { clickLatest, homeConfig } from '@/test/session';
import * as walletsModule from '@/api/wallets';
import * as configModule from '@/api/config';
import { hotWalletRow } from '@/test/answers';
import type { HotWalletRow } from '@/api/wallets';

vi.mock('@/api/wallets');
const api = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 5000 };
// antd tables and popups in jsdom are slow on a small machine.
const DEV_ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const wallet = (id: number, overrides: Partial<HotWalletRow> = {}) => hotWalletRow(id, { address: DEV_ADDRESS, ...overrides });
const ROWS = [
  wallet(1, {
    remark: 'main',
    balances: [
      { tokenId: null, symbol: 'DEV', amount: '1.23456789' },
      { tokenId: 1, symbol: 'USDT', amount: '250' },
    ],
  }),
  wallet(2, { chainId: 31337, chainname: 'Anvil', chainsymbol: 'ETH', address: EVM_ADDRESS, status: 1, balanceError: true }),
];

function signInWith(menuIds: Array<number | string>) {
  act(() => sessionStore.signIn(makeUser(menuIds)));
}

async function renderPage() {
  render(
    <TestRouter>
      <HotWalletPage />
    </TestRouter>,
  );
  await screen.findByText('Anvil', undefined, WAIT);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageHotWallets.mockReset().mockResolvedValue({ list: ROWS, total: 2 });
  api.addHotWallet.mockReset().mockResolvedValue({ id: 3, address: DEV_ADDRESS });
  api.setHotWalletStatus.mockReset().mockResolvedValue(null);
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [] },
    { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', txurl: '', family: 'evm', tokens: [] },
  ], { tokenIconUrl: '/static/token-icons/' }));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('hot wallets', () => {
  it('shows addresses shortened, statuses, an unreadable balance and the count', async () => {
    signInWith([2, 205, 20501, 20502]);
    await renderPage();
    expect(api.pageHotWallets).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    expect(screen.getAllByTestId('hot-address').map((node) => node.textContent)).toEqual(['0x5FbD…0aa3', '0xf39F…2266']);
    expect(screen.getAllByTestId('hot-address')[0].getAttribute('data-address')).toBe(DEV_ADDRESS);
    expect(screen.getAllByTestId('hot-status').map((node) => node.textContent)).toEqual(['Normal', 'Paused']);
    expect(screen.getByTestId('hot-balance-error').textContent).toBe('Balance unavailable');
    expect(screen.getByTestId('hot-count').textContent).toBe('2 / 5');
    await showAllColumns(); // the time is a secondary column
    expect(screen.getAllByText('2026-11-22 15:00:00')).toHaveLength(2); // 07:00Z at UTC+8
  });

  it('keeps a row on one line: the first balance, the others behind "+N more"', async () => {
    signInWith([2, 205]);
    await renderPage();
    const balances = within(screen.getByTestId(`hot-row-${DEV_ADDRESS}`)).getByTestId('hot-balances');
    expect(within(balances).getAllByTestId('hot-balance').map((node) => node.textContent)).toEqual(['1.2345 DEV']);
    expect(within(balances).getByTestId('hot-balance-more').textContent).toBe('+1 more');
    fireEvent.click(within(balances).getByTestId('hot-balance-more'));
    const all = await screen.findByTestId('hot-balance-list', undefined, WAIT);
    expect(within(all).getAllByTestId('hot-balance').map((node) => node.textContent)).toEqual(['1.2345 DEV', '250.0000 USDT']);
  });

  it('makes each wallet a card on a phone: every field on its own line after its name', async () => {
    signInWith([2, 205, 20502]);
    await renderPage();
    const row = screen.getByTestId(`hot-row-${DEV_ADDRESS}`);
    expect(row.closest('[data-testid="list-table"]')?.classList.contains('coffer-phone-cards')).toBe(true);
    const labels = [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual(['Chain', 'Address', 'Status', 'Remark', 'Roles', 'Balances', 'Actions']);
  });

  it('shows Add with 20501 and Pause / Resume with 20502', async () => {
    signInWith([2, 205, 20501, 20502]);
    await renderPage();
    expect(screen.queryAllByTestId('hot-add')).toHaveLength(1);
    expect(screen.queryAllByTestId('hot-pause')).toHaveLength(1);
    expect(screen.queryAllByTestId('hot-resume')).toHaveLength(1);
  });

  it('shows neither without them, nor the actions column', async () => {
    signInWith([2, 205]);
    await renderPage();
    expect(screen.queryByTestId('hot-add')).toBeNull();
    expect(screen.queryByTestId('hot-pause')).toBeNull();
    expect(screen.queryByTestId('hot-resume')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
    expect(screen.getByTestId('hot-count').textContent).toBe('2 / 5');
  });

  it('gates each button on its own id', async () => {
    signInWith([2, 205, 20502]);
    await renderPage();
    expect(screen.queryByTestId('hot-add')).toBeNull();
    expect(screen.queryAllByTestId('hot-pause')).toHaveLength(1);
  });

  it('disables Add at 5 wallets and says why', async () => {
    const five = Array.from({ length: 5 }, (_, index) => wallet(10 + index, { chainname: index === 0 ? 'Anvil' : 'Devchain' }));
    api.pageHotWallets.mockResolvedValue({ list: five, total: 5 });
    signInWith([2, 205, 20501]);
    await renderPage();
    expect(screen.getByTestId('hot-count').textContent).toBe('5 / 5');
    expect((screen.getByTestId('hot-add') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('hot-limit').textContent).toBe('At most 5 payment addresses');
  });

  it('pauses after the confirm, and cancel sends nothing', async () => {
    signInWith([2, 205, 20502]);
    await renderPage();
    fireEvent.click(screen.getByTestId('hot-pause'));
    await settle(400); // the popup's opening animation
    fireEvent.click(screen.getByTestId('hot-status-cancel'));
    await settle(400);
    expect(api.setHotWalletStatus).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('hot-pause'));
    await clickLatest('hot-status-sure');
    await settle(400);
    expect(api.setHotWalletStatus).toHaveBeenCalledWith(1, 1);
    expect(api.pageHotWallets).toHaveBeenCalledTimes(2); // reloaded
  });

  it('resumes a paused wallet', async () => {
    signInWith([2, 205, 20502]);
    await renderPage();
    fireEvent.click(screen.getByTestId('hot-resume'));
    await settle(400);
    fireEvent.click(screen.getByTestId('hot-status-sure'));
    await settle(400);
    expect(api.setHotWalletStatus).toHaveBeenCalledWith(2, 0);
  });

  it('adds a wallet on the chosen chain with a trimmed remark; the chain is required', async () => {
    signInWith([2, 205, 20501]);
    await renderPage();
    fireEvent.click(screen.getByTestId('hot-add'));
    const submit = await screen.findByTestId('hot-form-submit', undefined, WAIT);
    fireEvent.click(submit);
    expect(await screen.findByText('Please choose a chain', undefined, WAIT)).toBeTruthy();
    expect(api.addHotWallet).not.toHaveBeenCalled();

    const select = screen.getByTestId('hot-form').querySelector('.ant-select-selector')!;
    fireEvent.mouseDown(select);
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="Anvil"]');
      if (!found) throw new Error('no option yet');
      return found;
    }, WAIT);
    fireEvent.click(option);
    fireEvent.change(screen.getByTestId('hot-form-remark'), { target: { value: ' payouts ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(api.addHotWallet).toHaveBeenCalledWith({ chainId: 31337, remark: 'payouts' }), WAIT);
    await waitFor(() => expect(api.pageHotWallets).toHaveBeenCalledTimes(2), WAIT);
  });
});
