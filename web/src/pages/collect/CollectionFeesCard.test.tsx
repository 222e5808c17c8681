import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { hotWalletRow } from '@/test/answers';
import { ADDRESSES, chainFees } from '@/test/collections';
import { settle } from '@/test/router';
import { homeConfig, renderSignedIn, signOutAndRestore } from '@/test/session';
import { ApiError } from '@/utils/request';
import * as collectionModule from '@/api/collection';
import * as configModule from '@/api/config';
import * as walletsModule from '@/api/wallets';
import CollectionFeesCard from './CollectionFeesCard';

vi.mock('@/api/collection', async (original) => ({ ...(await original<typeof collectionModule>()), collectionFees: vi.fn(), saveCollectionFees: vi.fn() }));
const api = vi.mocked(collectionModule);
vi.mock('@/api/wallets');
const wallets = vi.mocked(walletsModule);
vi.mock('@/api/config');
const config = vi.mocked(configModule);

const WAIT = { timeout: 8000 };
const SECOND_WALLET = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
const TRON = chainFees({ chainId: 728126428, chainname: 'TRON', symbol: 'TRX', feeWalletId: null, feeWalletAddress: null, feeWalletStatus: null, maxFee: '' });

async function renderCard(menuIds: Array<number | string> = [5, 502, 50202]) {
  renderSignedIn(menuIds, <CollectionFeesCard />, { bindGoogle: true });
  await screen.findByTestId('fees-row-1337', undefined, WAIT);
}
const row = (chainId: number) => within(screen.getByTestId(`fees-row-${chainId}`));

async function openEditor() {
  fireEvent.click(row(1337).getByTestId('fees-edit'));
  await screen.findByTestId('fees-max-input', undefined, WAIT);
  await settle(300);
}
const typeInto = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('fees-submit'));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.collectionFees.mockReset().mockResolvedValue([chainFees(), TRON]);
  api.saveCollectionFees.mockReset().mockResolvedValue(null);
  wallets.pageHotWallets.mockReset().mockResolvedValue({
    list: [hotWalletRow(4, { address: ADDRESSES.FEE_WALLET }), hotWalletRow(5, { address: SECOND_WALLET, status: 1, remark: 'spare' })],
    total: 2,
  });
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([
      { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', decimals: 18, family: 'dev', tokens: [] },
      { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', txurl: '', decimals: 6, family: 'tron', tokens: [] },
    ]),
  );
});
afterEach(signOutAndRestore);

describe('collection fees', () => {
  it('shows each chain’s fee wallet (paused flagged) and cap; no Edit without 50202', async () => {
    api.collectionFees.mockResolvedValue([chainFees({ feeWalletStatus: 1 }), TRON]);
    await renderCard([5, 502]);
    expect(row(1337).getByTestId('fees-chain').textContent).toBe('Devchain (DEV)');
    expect(row(1337).getByTestId('fees-wallet').getAttribute('data-address')).toBe(ADDRESSES.FEE_WALLET);
    expect(row(1337).getByTestId('fees-wallet-paused').textContent).toBe('Paused: tops nothing up');
    expect(row(1337).getByTestId('fees-max').textContent).toBe('0.0100 DEV');
    expect(row(728126428).getByTestId('fees-wallet-none').textContent).toBe('None: collections on this chain wait for one');
    expect(row(728126428).getByTestId('fees-max').textContent).toBe('No cap');
    expect(screen.queryByTestId('fees-edit')).toBeNull();
  });

  it('saves another hot wallet of the chain and a cap with the Google code, then reads the settings again', async () => {
    await renderCard();
    await openEditor();
    await waitFor(() => expect(wallets.pageHotWallets).toHaveBeenCalledWith({ page: 1, pageSize: 100, chainId: 1337 }, { silent: true }));
    fireEvent.mouseDown(screen.getByTestId('fees-wallet-select').querySelector('.ant-select-selector')!);
    const option = await screen.findByTestId('fees-wallet-option-5', undefined, WAIT);
    expect(option.textContent).toContain('paused'); // a paused wallet may be chosen, and says so
    fireEvent.click(option);
    typeInto('fees-max-input', ' 0.5 ');
    typeInto('fees-google-code', '123456');
    save();
    await waitFor(() => expect(api.saveCollectionFees).toHaveBeenCalledWith({ chainId: 1337, feeWalletId: 5, maxFee: '0.5', googleCode: '123456' }), WAIT);
    expect((await screen.findAllByText('Successfully saved', undefined, WAIT)).length).toBeGreaterThan(0);
    await waitFor(() => expect(api.collectionFees).toHaveBeenCalledTimes(2), WAIT);
  });

  it('refuses a cap that is not a positive amount of the coin without a call; empty means no cap', async () => {
    await renderCard();
    await openEditor();
    typeInto('fees-google-code', '123456');
    for (const cap of ['abc', '0', '0.0000000000000000001', '-1']) {
      typeInto('fees-max-input', cap);
      save();
      expect((await screen.findAllByText('A positive amount of DEV with at most 18 decimals', undefined, WAIT)).length).toBeGreaterThan(0);
    }
    expect(api.saveCollectionFees).not.toHaveBeenCalled();
    typeInto('fees-max-input', '');
    save();
    await waitFor(() => expect(api.saveCollectionFees).toHaveBeenCalledWith({ chainId: 1337, feeWalletId: 4, maxFee: '', googleCode: '123456' }), WAIT);
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    api.saveCollectionFees.mockRejectedValue(new ApiError(11002, 'Verification code error'));
    await renderCard();
    await openEditor();
    typeInto('fees-google-code', '000000');
    save();
    expect((await screen.findByTestId('fees-error', undefined, WAIT)).textContent).toBe('Verification code error');
    expect(screen.getByTestId('fees-modal')).toBeTruthy();
    expect(api.collectionFees).toHaveBeenCalledTimes(1);
  });

  it('checks the cap against the chain’s own decimals (TRX: 6) and may save no fee wallet', async () => {
    await renderCard();
    fireEvent.click(row(728126428).getByTestId('fees-edit'));
    await screen.findByTestId('fees-max-input', undefined, WAIT);
    await settle(300);
    typeInto('fees-max-input', '1.1234567');
    typeInto('fees-google-code', '123456');
    save();
    expect((await screen.findAllByText('A positive amount of TRX with at most 6 decimals', undefined, WAIT)).length).toBeGreaterThan(0);
    typeInto('fees-max-input', '1.123456');
    save();
    await waitFor(() => expect(api.saveCollectionFees).toHaveBeenCalledWith({ chainId: 728126428, feeWalletId: null, maxFee: '1.123456', googleCode: '123456' }), WAIT);
  });
});
