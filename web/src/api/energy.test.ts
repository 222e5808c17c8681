import { beforeEach, describe, expect, it, vi } from 'vitest';
import { post } from '@/utils/request';
import { energyChargePoint, energyProfile, estimateEnergyPrice, orderEnergy, pageEnergyOrders } from './energy';

vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  post: vi.fn(() => Promise.resolve(null)),
}));
const sent = vi.mocked(post);

beforeEach(() => sent.mockClear());

describe('the energy calls', () => {
  // Spec section 7 lists estimatePrice as silent: its refusal is shown where the price would be.
  it('asks a price silently, with the terms as the contract names them', async () => {
    const terms = { chainId: 728126428, address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', times: 3, days: 3, maxDailyUses: 1, activate: false };
    await estimateEnergyPrice(terms);
    expect(sent).toHaveBeenCalledWith('/api/partner/energy/estimatePrice', terms, { silent: true });
  });

  it('places an order citing the quote with the Google code; its refusal is toasted', async () => {
    await orderEnergy({ quoteId: '9f2c0d', googleCode: '123456' });
    expect(sent).toHaveBeenCalledWith('/api/partner/energy/order', { quoteId: '9f2c0d', googleCode: '123456' });
  });

  it('pages the orders as every list does, with the filters given', async () => {
    await pageEnergyOrders({ page: 2, pageSize: 50, status: 2, address: 'TJRab' });
    expect(sent).toHaveBeenCalledWith('/api/partner/energy/order/page_list', { page: 2, pageSize: 50, status: 2, address: 'TJRab' });
  });

  it('reads the profile, and the recharge address silently (its refusal is shown in the dialog)', async () => {
    await energyProfile();
    expect(sent).toHaveBeenCalledWith('/api/partner/energy/profile', {});
    await energyChargePoint(728126428);
    expect(sent).toHaveBeenCalledWith('/api/partner/energy/chargePoint', { chainId: 728126428 }, { silent: true });
  });
});
