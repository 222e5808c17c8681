import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { settle } from '@/test/router';
import { chooseOption, openSelect, optionTitles, pickOption } from '@/test/select';
import { withdrawalRow } from '@/test/withdrawals';
import { ApiError } from '@/utils/request';
import TokenWithdrawPage from './TokenWithdrawPage';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import * as withdrawalsModule from '@/api/withdrawals';
import * as assetsModule from '@/api/assets';
import * as walletsModule from '@/api/wallets';
import * as configModule from '@/api/config';
import { assetRow, hotWalletRow, progress } from '@/test/answers';

vi.mock('@/api/withdrawals');
const api = vi.mocked(withdrawalsModule);
vi.mock('@/api/assets');
const assets = vi.mocked(assetsModule);
vi.mock('@/api/wallets');
const wallets = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/store/merchantTimeZone', () => ({ useMerchantTimeZone: () => 8 }));

const WAIT = { timeout: 8000 };
const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const HOT = '0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0';
const asset = (id: number, chainId: number, tokenId: number, symbol: string, status: 0 | 1 = 1) => assetRow(id, { chainId, tokenId, symbol, status, chainname: '', paymentAddress: HOT });

async function renderPage(menuIds: Array<number | string>, bindGoogle = true) {
  renderSignedIn(menuIds, <TokenWithdrawPage />, { bindGoogle });
  await screen.findByTestId('withdraw-form', undefined, WAIT);
}


/** Fills the Withdraw tab on the devchain with `token`, `amount`, the payee and a code, and submits. */
async function submitWithdrawal(token: string, amount: string) {
  await pickOption('withdraw-chain', 'Devchain');
  await pickOption('withdraw-token', token);
  fireEvent.change(screen.getByTestId('withdraw-to'), { target: { value: TO } });
  fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: amount } });
  fireEvent.change(screen.getByTestId('withdraw-google-code'), { target: { value: '123456' } });
  fireEvent.click(screen.getByTestId('withdraw-submit'));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.requestWithdraw.mockReset().mockResolvedValue(withdrawalRow(9, { status: 0, amount: '5' }));
  api.manualWithdraw.mockReset().mockResolvedValue(withdrawalRow(10, { status: 1, source: 3, amount: '2' }));
  // The screening holds order 9 for review at the second poll.
  api.queryWithdrawals
    .mockReset()
    .mockResolvedValueOnce([progress(9, 0)])
    .mockResolvedValue([progress(9, 1)]);
  assets.listAssets.mockReset().mockResolvedValue([asset(1, 1337, 1, 'USDT'), asset(2, 31337, 101, 'USDT', 0)]);
  wallets.pageHotWallets.mockReset().mockResolvedValue({
    list: [
      hotWalletRow(1, { address: HOT, remark: 'main' }),
      hotWalletRow(2, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', status: 1 }),
    ],
    total: 2,
  });
  config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([
    { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', decimals: 18, txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1', decimals: 6 }] },
    { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', decimals: 18, txurl: '', family: 'evm', tokens: [{ tokenid: 101, symbol: 'USDT', price: '1', decimals: 6 }] },
    { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', decimals: 6, txurl: '', family: 'tron', tokens: [] },
  ]));
});
afterEach(signOutAndRestore);

describe('Token › Token withdraw', () => {
  it('offers the enabled tokens and the native coin, checks address, decimals and the code, then sends the trimmed body', async () => {
    await renderPage([2, 206, 20601, 302]);
    expect(screen.queryByTestId('manual-tab')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Please choose a chain', undefined, WAIT)).toBeTruthy();
    expect(await screen.findByText('Google verification code cannot be empty', undefined, WAIT)).toBeTruthy();

    await pickOption('withdraw-chain', 'Anvil');
    expect(await screen.findByTestId('withdraw-no-token', undefined, WAIT)).toBeTruthy(); // USDT there is disabled
    await pickOption('withdraw-chain', 'Devchain');
    await openSelect('withdraw-token');
    await waitFor(() => expect(optionTitles()).toEqual(['USDT', 'DEV (native coin)']), WAIT);
    await chooseOption('USDT');

    fireEvent.change(screen.getByTestId('withdraw-to'), { target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' } });
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '1.1234567' } });
    fireEvent.change(screen.getByTestId('withdraw-merchant-order-no'), { target: { value: 'shop 1' } });
    fireEvent.change(screen.getByTestId('withdraw-google-code'), { target: { value: '12345' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('Invalid address for this chain', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText('A positive amount with at most 6 decimals and 15 whole digits, without spaces')).toBeTruthy();
    expect(screen.getByText('Letters, digits, - and _ only, at most 64 characters')).toBeTruthy();
    expect(screen.getByText('Must be a 6-digit number')).toBeTruthy();
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await settle(300);
    expect(api.requestWithdraw).not.toHaveBeenCalled();

    // An amount with spaces is refused as typed (the service refuses it too), not trimmed.
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: ' 5.123456 ' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await settle(300);
    expect(api.requestWithdraw).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('withdraw-to'), { target: { value: ` ${TO} ` } });
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '5.123456' } });
    fireEvent.change(screen.getByTestId('withdraw-merchant-order-no'), { target: { value: ' shop-1 ' } });
    fireEvent.change(screen.getByTestId('withdraw-openid'), { target: { value: '  ' } });
    fireEvent.change(screen.getByTestId('withdraw-google-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(
      () =>
        expect(api.requestWithdraw).toHaveBeenCalledWith({ chainId: 1337, tokenId: 1, toAddress: TO, amount: '5.123456', merchantOrderNo: 'shop-1', googleCode: '123456' }),
      WAIT,
    );
    const created = within(await screen.findByTestId('withdraw-created', undefined, WAIT));
    expect(created.getByTestId('withdraw-created-order-no').textContent).toContain('W202611220000000009');
    expect(created.getByTestId('withdraw-created-status').textContent).toBe('New order');
    expect(created.getByTestId('withdraw-created-screening').textContent).toContain('either paid or held for a review');
    expect(created.getByTestId('withdraw-created-link').getAttribute('href')).toBe('/orders/withdraw');
    // The server's screening decides: it waits for a review, and the page says so.
    await waitFor(() => expect(created.getByTestId('withdraw-created-status').textContent).toBe('Awaiting review'), WAIT);
    expect(created.getByText('Withdrawal created: it waits for a review')).toBeTruthy();
    expect(created.getByTestId('withdraw-created-waits').textContent).toContain('It waits for a review in Transactions › Withdraw check.');
    expect(created.queryByTestId('withdraw-created-screening')).toBeNull();
    expect(api.queryWithdrawals).toHaveBeenCalledTimes(2);
    expect(api.queryWithdrawals).toHaveBeenCalledWith([9]);
  });

  it('says no review is needed when the screening lets the order pass, for a creator without a withdrawal list too', async () => {
    api.queryWithdrawals.mockReset().mockResolvedValue([{ id: 9, status: 6, hash: '', reason: '' }]);
    await renderPage([2, 206, 20601]);
    await submitWithdrawal('USDT', '5');
    const created = within(await screen.findByTestId('withdraw-created', undefined, WAIT));
    const passes = await waitFor(() => created.getByTestId('withdraw-created-passes'), WAIT);
    expect(passes.textContent).toContain('no review is needed');
    expect(created.getByText('Withdrawal created')).toBeTruthy();
    expect(created.queryByTestId('withdraw-created-waits')).toBeNull();
    expect(created.queryByTestId('withdraw-created-link')).toBeNull(); // no withdrawal list to link to
    expect(api.queryWithdrawals).toHaveBeenCalledWith([9]);
  });

  it('sends the native coin as tokenId null with the chain’s decimals', async () => {
    await renderPage([2, 206, 20601]);
    await submitWithdrawal('DEV (native coin)', '0.000000000000000001');
    await waitFor(
      () => expect(api.requestWithdraw).toHaveBeenCalledWith({ chainId: 1337, tokenId: null, toAddress: TO, amount: '0.000000000000000001', googleCode: '123456' }),
      WAIT,
    );
    // The creator follows their order without a withdrawal list: the server holds it for review.
    const created = within(await screen.findByTestId('withdraw-created', undefined, WAIT));
    await waitFor(() => expect(created.getByTestId('withdraw-created-status').textContent).toBe('Awaiting review'), WAIT);
    expect(created.getByText('Withdrawal created: it waits for a review')).toBeTruthy();
    expect(created.getByTestId('withdraw-created-waits')).toBeTruthy();
    expect(api.queryWithdrawals).toHaveBeenCalledWith([9]);
  });

  it('keeps the server’s refusal in the form', async () => {
    api.requestWithdraw.mockRejectedValue(new ApiError(10422, 'This address is on your blacklist'));
    await renderPage([2, 206, 20601]);
    await submitWithdrawal('USDT', '5');
    expect((await screen.findByTestId('withdraw-error', undefined, WAIT)).textContent).toBe('This address is on your blacklist');
    expect((screen.getByTestId('withdraw-to') as HTMLInputElement).value).toBe(TO);
  });

  it('without a bound authenticator asks to bind first, with the submit disabled', async () => {
    await renderPage([2, 206, 20601], false);
    expect(screen.getByTestId('withdraw-bind-google').textContent).toContain('Please bind Google verification code first');
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(true);
  });

  it('without 20601 (and 20602) there is no submit and no manual tab', async () => {
    await renderPage([2, 206]);
    expect(screen.queryByTestId('manual-tab')).toBeNull();
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
    expect(screen.getByTestId('withdraw-no-permission')).toBeTruthy();
  });

  it('manual withdrawal (20602) pays from a chosen hot wallet and says it always waits for review', async () => {
    await renderPage([2, 206, 20602, 404]);
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
    fireEvent.click(screen.getByTestId('manual-tab'));
    expect((await screen.findByTestId('manual-tip', undefined, WAIT)).textContent).toContain('always waits for a review');
    await pickOption('manual-chain', 'Devchain');
    await waitFor(() => expect(wallets.pageHotWallets).toHaveBeenCalledWith({ page: 1, pageSize: 100, chainId: 1337 }, { silent: true }), WAIT);
    await pickOption('manual-token', 'USDT');
    await pickOption('manual-from', HOT);
    fireEvent.change(screen.getByTestId('manual-to'), { target: { value: TO } });
    fireEvent.change(screen.getByTestId('manual-amount'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('manual-remark'), { target: { value: ' refund ' } });
    fireEvent.change(screen.getByTestId('manual-google-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('manual-submit'));
    await waitFor(
      () =>
        expect(api.manualWithdraw).toHaveBeenCalledWith({ chainId: 1337, tokenId: 1, fromAddress: HOT, toAddress: TO, amount: '2', remark: 'refund', googleCode: '654321' }),
      WAIT,
    );
    const created = within(await screen.findByTestId('withdraw-created', undefined, WAIT));
    expect(created.getByTestId('withdraw-created-status').textContent).toBe('Awaiting review');
    expect(created.getByText('Withdrawal created: it waits for a review')).toBeTruthy();
    expect(created.getByTestId('withdraw-created-waits')).toBeTruthy();
    expect(created.getByTestId('withdraw-created-link').getAttribute('href')).toBe('/transactions/withdraw-list');
    expect(api.requestWithdraw).not.toHaveBeenCalled();
    expect(api.queryWithdrawals).not.toHaveBeenCalled(); // the server already said it waits
  });
});
