import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { settle } from '@/test/router';
import { toast } from '@/utils/feedback';
import { ApiError } from '@/utils/request';
import BlacklistPage from './BlacklistPage';
import { showAllColumns } from '@/test/columns';
import { clickLatest, homeConfig, renderSignedIn } from '@/test/session';
import * as systemModule from '@/api/system';
import * as configModule from '@/api/config';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ENTRY = { id: 4, chainId: 1337, chainname: 'Devchain', address: ADDRESS, remark: 'fraud', createtime: '2026-11-22T07:00:00Z' };

async function renderPage(menuIds: Array<number | string>) {
  renderSignedIn(menuIds, <BlacklistPage />);
  await screen.findByTestId('blacklist-row-4', undefined, WAIT);
}

async function pick(container: HTMLElement, title: string) {
  fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.getAttribute('title') === title);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  }, WAIT);
  fireEvent.click(option);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.pageBlacklist.mockReset().mockResolvedValue({ list: [ENTRY], total: 1 });
  api.addBlacklist.mockReset().mockResolvedValue({ id: 5, address: ADDRESS });
  api.deleteBlacklist.mockReset().mockResolvedValue(null);
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [] },
    { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [] },
  ]));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('blacklist', () => {
  it('lists entries and filters by chain and a trimmed part of the address', async () => {
    await renderPage([8, 802]);
    expect(api.pageBlacklist).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
    const row = within(screen.getByTestId('blacklist-row-4'));
    expect(row.getByTestId('blacklist-address').getAttribute('data-address')).toBe(ADDRESS);
    expect(row.queryByTestId('blacklist-remark')).toBeNull(); // the remark and the time are secondary columns
    await showAllColumns();
    const shown = within(screen.getByTestId('blacklist-row-4'));
    expect(shown.getByTestId('blacklist-remark').textContent).toBe('fraud');
    expect(shown.getByText('2026-11-22 15:00:00')).toBeTruthy();
    await waitFor(() => expect(config.getHomeConfig).toHaveBeenCalled(), WAIT);

    await pick(screen.getByTestId('blacklist-filters'), 'Devchain');
    fireEvent.change(screen.getByTestId('filter-address'), { target: { value: ' 5fbdb2 ' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(api.pageBlacklist).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, chainId: 1337, address: '5fbdb2' }), WAIT);
    fireEvent.click(screen.getByTestId('filter-reset'));
    await waitFor(() => expect(api.pageBlacklist).toHaveBeenLastCalledWith({ page: 1, pageSize: 20 }), WAIT);
  });

  it('shows neither button, nor the actions column, without 80201 and 80202', async () => {
    await renderPage([8, 802]);
    expect(screen.queryByTestId('blacklist-add')).toBeNull();
    expect(screen.queryByTestId('blacklist-delete')).toBeNull();
    expect(screen.queryByText('Actions')).toBeNull();
  });

  it('adds an address: chain required, shape checked for the chain, trimmed body to /add', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage([8, 802, 80201]);
    expect(screen.queryByTestId('blacklist-delete')).toBeNull(); // 80202 is its own id
    fireEvent.click(screen.getByTestId('blacklist-add'));
    const submit = await screen.findByTestId('blacklist-form-submit', undefined, WAIT);
    fireEvent.click(submit);
    expect(await screen.findByText('Please choose a chain', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Address cannot be empty', undefined, WAIT)).toBeTruthy();

    await pick(screen.getByTestId('blacklist-form'), 'TRON');
    fireEvent.change(screen.getByTestId('blacklist-form-address'), { target: { value: ADDRESS } });
    fireEvent.click(submit);
    expect(await screen.findByText('Invalid address for this chain', undefined, WAIT)).toBeTruthy();
    expect(api.addBlacklist).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('blacklist-form-address'), { target: { value: ` ${TRON} ` } });
    fireEvent.change(screen.getByTestId('blacklist-form-remark'), { target: { value: ' chargeback ' } });
    await settle(300);
    fireEvent.click(submit);
    await waitFor(() => expect(api.addBlacklist).toHaveBeenCalledWith({ chainId: 728126428, address: TRON, remark: 'chargeback' }), WAIT);
    await waitFor(() => expect(api.pageBlacklist).toHaveBeenCalledTimes(2), WAIT);
    expect(success).toHaveBeenCalledWith('Successfully added');
  });

  it('shows the server’s refusal (already listed) in the dialog, which stays open', async () => {
    api.addBlacklist.mockRejectedValue(new ApiError(10422, 'This address is already on the blacklist'));
    await renderPage([8, 802, 80201]);
    fireEvent.click(screen.getByTestId('blacklist-add'));
    const submit = await screen.findByTestId('blacklist-form-submit', undefined, WAIT);
    await pick(screen.getByTestId('blacklist-form'), 'Devchain');
    fireEvent.change(screen.getByTestId('blacklist-form-address'), { target: { value: ADDRESS.toLowerCase() } });
    fireEvent.click(submit);
    await waitFor(() => expect(api.addBlacklist).toHaveBeenCalledWith({ chainId: 1337, address: ADDRESS.toLowerCase() }), WAIT);
    expect((await screen.findByTestId('blacklist-form-error', undefined, WAIT)).textContent).toBe('This address is already on the blacklist');
    expect(screen.getByTestId('blacklist-form-address')).toBeTruthy();
    expect(api.pageBlacklist).toHaveBeenCalledTimes(1);
  });

  it('deletes an entry with 80202 after a confirm, sending its id to /delete', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    await renderPage([8, 802, 80202]);
    expect(screen.queryByTestId('blacklist-add')).toBeNull();
    fireEvent.click(screen.getByTestId('blacklist-delete'));
    await clickLatest('blacklist-delete-cancel');
    await settle(300);
    expect(api.deleteBlacklist).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('blacklist-delete'));
    await clickLatest('blacklist-delete-sure');
    await waitFor(() => expect(api.deleteBlacklist).toHaveBeenCalledWith(4), WAIT);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Successfully deleted'), WAIT);
    await waitFor(() => expect(api.pageBlacklist).toHaveBeenCalledTimes(2), WAIT);
  });
});
