import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Asset } from '@/api/assets';
import type { ChainFamily } from '@/api/types';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { TestRouter, settle } from '@/test/router';
import ColdRequestModal from './ColdRequestModal';
import * as assetsModule from '@/api/assets';

vi.mock('@/api/assets');
const api = vi.mocked(assetsModule);

const EVM_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EVM_B = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TRON_A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const ASSET = { id: 3, chainId: 31337, tokenId: 101, chainname: 'Anvil', symbol: 'USDT' } as Asset;
const WAIT = { timeout: 5000 };
// antd forms in jsdom are slow on a small machine.

function renderModal(family: ChainFamily = 'evm', bindGoogle = true) {
  act(() => sessionStore.signIn(makeUser([2, 201, 20104, 215], { bindGoogle })));
  const onSaved = vi.fn();
  render(
    <TestRouter>
      <ColdRequestModal open asset={ASSET} family={family} onClose={() => undefined} onSaved={onSaved} />
    </TestRouter>,
  );
  return { onSaved };
}

/** Opens the dialog and lets its opening animation finish inside act(). */
async function openModal(family: ChainFamily = 'evm', bindGoogle = true) {
  const rendered = renderModal(family, bindGoogle);
  await settle(300);
  await screen.findByTestId('cold-address-0', undefined, WAIT);
  return rendered;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.click(screen.getByTestId('cold-form-submit'));

async function fillRows(rows: Array<[string, string]>) {
  for (let index = 0; index < rows.length; index += 1) {
    if (index > 0) {
      fireEvent.click(screen.getByTestId('cold-add-row'));
      await screen.findByTestId(`cold-address-${index}`, undefined, WAIT);
    }
    type(`cold-address-${index}`, rows[index][0]);
    type(`cold-ratio-${index}`, rows[index][1]);
  }
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.requestColdAddresses.mockReset().mockResolvedValue({ id: 7 });
});
afterEach(() => act(() => sessionStore.signOut()));

describe('cold-address request form', () => {
  it('sends 0.6 / 0.4 with the Google code, trimmed, and shows the live total', async () => {
    const { onSaved } = await openModal();
    expect(screen.getByTestId('cold-total').textContent).toBe('Total: 0');
    await fillRows([[` ${EVM_A} `, '0.6'], [EVM_B, ' 0.4']]);
    await waitFor(() => expect(screen.getByTestId('cold-total').textContent).toBe('Total: 1'));
    type('cold-google-code', ' 123456 ');
    submit();
    await waitFor(
      () =>
        expect(api.requestColdAddresses).toHaveBeenCalledWith({
          assetId: 3,
          coldAddresses: [
            { address: EVM_A, ratio: '0.6' },
            { address: EVM_B, ratio: '0.4' },
          ],
          googleCode: '123456',
        }),
      WAIT,
    );
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('allows at most 5 rows: the add button stops and says why', async () => {
    await openModal();
    for (let index = 1; index < 5; index += 1) {
      fireEvent.click(screen.getByTestId('cold-add-row'));
      await screen.findByTestId(`cold-address-${index}`, undefined, WAIT);
    }
    expect(screen.getAllByTestId('cold-row')).toHaveLength(5);
    expect((screen.getByTestId('cold-add-row') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('cold-limit').textContent).toBe('At most 5 collection addresses');
    fireEvent.click(screen.getByTestId('cold-add-row'));
    expect(screen.getAllByTestId('cold-row')).toHaveLength(5);
    fireEvent.click(screen.getByTestId('cold-remove-4'));
    await settle(300);
    expect(screen.getAllByTestId('cold-row')).toHaveLength(4);
    expect(screen.queryByTestId('cold-limit')).toBeNull();
  });

  it('refuses a repeated address (any case) without a request', async () => {
    await openModal();
    await fillRows([[EVM_A, '0.5'], [EVM_A.toLowerCase(), '0.5']]);
    type('cold-google-code', '123456');
    submit();
    expect(await screen.findByText('Address input is incorrect or duplicate', undefined, WAIT)).toBeTruthy();
    expect(api.requestColdAddresses).not.toHaveBeenCalled();
  });

  it('refuses an address of another chain family', async () => {
    await openModal('tron');
    await fillRows([[EVM_A, '1']]);
    type('cold-google-code', '123456');
    submit();
    expect(await screen.findByText('Address input is incorrect or duplicate', undefined, WAIT)).toBeTruthy();
    expect(api.requestColdAddresses).not.toHaveBeenCalled();
    type('cold-address-0', TRON_A);
    submit();
    await settle(500);
    await waitFor(() => expect(api.requestColdAddresses).toHaveBeenCalledTimes(1), WAIT);
  });

  it('refuses ratios totalling 0.999, and bad ratios, without a request', async () => {
    await openModal();
    await fillRows([[EVM_A, '0.6'], [EVM_B, '0.399']]);
    type('cold-google-code', '123456');
    await waitFor(() => expect(screen.getByTestId('cold-total').textContent).toBe('Total: 0.999'));
    submit();
    expect((await screen.findByTestId('cold-total-error', undefined, WAIT)).textContent).toBe('The ratios must total 1');
    expect(api.requestColdAddresses).not.toHaveBeenCalled();

    type('cold-ratio-1', '0.39999');
    submit();
    expect(await screen.findByText('A ratio greater than 0 with at most 4 decimals', undefined, WAIT)).toBeTruthy();
    type('cold-ratio-1', '0');
    submit();
    await settle();
    expect(api.requestColdAddresses).not.toHaveBeenCalled();
  });

  it('accepts 0.3333 + 0.3333 + 0.3334', async () => {
    await openModal('dev');
    const third = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    await fillRows([[EVM_A, '0.3333'], [EVM_B, '0.3333'], [third, '0.3334']]);
    await waitFor(() => expect(screen.getByTestId('cold-total').textContent).toBe('Total: 1'));
    type('cold-google-code', '654321');
    submit();
    await waitFor(() => expect(api.requestColdAddresses).toHaveBeenCalledTimes(1), WAIT);
  });

  it('asks for a 6-digit Google code', async () => {
    await openModal();
    await fillRows([[EVM_A, '1']]);
    submit();
    expect(await screen.findByText('Google verification code cannot be empty', undefined, WAIT)).toBeTruthy();
    type('cold-google-code', '12345');
    submit();
    expect(await screen.findByText('Must be a 6-digit number', undefined, WAIT)).toBeTruthy();
    expect(api.requestColdAddresses).not.toHaveBeenCalled();
  });

  it('without a bound authenticator: says to bind first, links to /personal, sends nothing', async () => {
    await openModal('evm', false);
    const notice = await screen.findByTestId('cold-bind-google', undefined, WAIT);
    expect(notice.textContent).toContain('Please bind Google verification code first');
    expect(notice.querySelector('a')?.getAttribute('href')).toBe('/personal');
    expect(screen.queryByTestId('cold-google-code')).toBeNull();
    await fillRows([[EVM_A, '1']]);
    const button = screen.getByTestId('cold-form-submit') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    submit();
    await settle();
    expect(api.requestColdAddresses).not.toHaveBeenCalled();
  });

  it('keeps the dialog open when the server refuses', async () => {
    api.requestColdAddresses.mockRejectedValue(new Error('A request for this token is awaiting review'));
    const { onSaved } = await openModal();
    await fillRows([[EVM_A, '1']]);
    type('cold-google-code', '123456');
    submit();
    await settle(500);
    await waitFor(() => expect(api.requestColdAddresses).toHaveBeenCalledTimes(1), WAIT);
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('cold-address-0')).toBeTruthy();
  });
});
