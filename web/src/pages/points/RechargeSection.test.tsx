import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { sessionStore } from '@/store/session';
import { makeUser } from '@/test/fixtures';
import { pickOption } from '@/test/select';
import { homeConfig } from '@/test/session';
import { ApiError } from '@/utils/request';
import * as configModule from '@/api/config';
import * as pointsModule from '@/api/points';
import RechargeSection from './RechargeSection';

vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/api/points');
const points = vi.mocked(pointsModule);

const WAIT = { timeout: 5000 };
const ADDRESS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const REFUSAL = 'Recharging in USDT is not available on this chain yet';

beforeEach(async () => {
  await i18n.changeLanguage('en');
  config.getHomeConfig.mockReset().mockResolvedValue(
    homeConfig([
      { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', family: 'dev', tokens: [{ tokenid: 1, symbol: 'USDT', price: '1', decimals: 6 }] },
      { chainid: 31337, chainname: 'Anvil', symbol: 'ETH', txurl: '', family: 'evm', tokens: [] },
      { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', txurl: '', family: 'tron', tokens: [{ tokenid: 2, symbol: 'USDT', price: '1', decimals: 6 }] },
    ]),
  );
  points.rechargeAddress.mockReset().mockImplementation((chainId) => {
    if (chainId === 1337) return Promise.resolve({ chainId, chainName: 'Devchain', address: ADDRESS, token: 'USDT', coin: null, minimum: '1', confirmations: 3 });
    if (chainId === 728126428) return Promise.resolve({ chainId, chainName: 'TRON', address: TRON_ADDRESS, token: 'USDT', coin: 'TRX', minimum: '1', confirmations: 20 });
    return Promise.reject(new ApiError(10422, REFUSAL));
  });
  act(() => sessionStore.signIn(makeUser([11])));
  render(<RechargeSection />);
  await waitFor(() => expect(config.getHomeConfig).toHaveBeenCalled(), WAIT);
});
afterEach(() => act(() => sessionStore.signOut()));

describe('points recharge', () => {
  it('asks nothing until a chain is chosen', () => {
    expect(points.rechargeAddress).not.toHaveBeenCalled();
    expect(screen.queryByTestId('points-recharge-details')).toBeNull();
  });

  it("shows the chosen chain's address with its QR code, the token, the 1 USDT rule and the confirmations", async () => {
    await pickOption('points-recharge-chain', 'Devchain');
    const address = await screen.findByTestId('points-recharge-address', undefined, WAIT);
    expect(points.rechargeAddress).toHaveBeenCalledWith(1337);
    expect(address.textContent).toContain(ADDRESS);
    expect(address.querySelector('.ant-typography-copy')).not.toBeNull();
    expect(screen.getByTestId('points-recharge-qr').getAttribute('data-value')).toBe(ADDRESS);
    expect(screen.getByTestId('points-recharge-qr').querySelector('svg')).not.toBeNull();
    expect(screen.getByTestId('points-recharge-token').textContent).toContain('USDT');
    expect(screen.getByTestId('points-recharge-rule').textContent).toBe('The amount must be greater than 1 USDT');
    expect(screen.getByTestId('points-recharge-confirmations').textContent).toBe('Credited after 3 confirmations');
    expect(screen.queryByTestId('points-recharge-refused')).toBeNull();
    expect(screen.queryByTestId('points-recharge-coin')).toBeNull();
  });

  it('says TRX is taken too on a TRON chain, for TRX points', async () => {
    await pickOption('points-recharge-chain', 'TRON');
    expect((await screen.findByTestId('points-recharge-address', undefined, WAIT)).textContent).toContain(TRON_ADDRESS);
    expect(screen.getByTestId('points-recharge-coin').textContent).toBe('TRX too, as TRX points (1 TRX = 1 point), when greater than 1 TRX');
    expect(screen.getByTestId('points-recharge-rule').textContent).toBe('The amount must be greater than 1 USDT');
  });

  it("shows the server's refusal in place of an address, and the address again on a chain that has one", async () => {
    await pickOption('points-recharge-chain', 'Anvil');
    expect((await screen.findByTestId('points-recharge-refused', undefined, WAIT)).textContent).toContain(REFUSAL);
    expect(screen.queryByTestId('points-recharge-address')).toBeNull();
    expect(screen.queryByTestId('points-recharge-qr')).toBeNull();

    await pickOption('points-recharge-chain', 'Devchain');
    expect((await screen.findByTestId('points-recharge-address', undefined, WAIT)).textContent).toContain(ADDRESS);
    expect(screen.queryByTestId('points-recharge-refused')).toBeNull();
  });

  it('words the rule and the confirmations in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    await pickOption('points-recharge-chain', 'Devchain');
    expect((await screen.findByTestId('points-recharge-rule', undefined, WAIT)).textContent).toContain('金额必须大于 1 USDT');
    expect(screen.getByTestId('points-recharge-confirmations').textContent).toContain('3 个确认后入账');
    await act(() => i18n.changeLanguage('en'));
  });
});
