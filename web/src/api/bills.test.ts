import { describe, expect, it, vi } from 'vitest';
import { post } from '@/utils/request';
import { billingAddresses, markBillPaid, pageBills } from './bills';

vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  post: vi.fn(() => Promise.resolve(null)),
}));

// The paths and bodies of docs/api.md "Bills" (the console's side of the contract).
describe('bill calls', () => {
  it('asks a page of bills with the chosen status, or null for every status', async () => {
    await pageBills({ page: 2, pageSize: 20 });
    expect(vi.mocked(post)).toHaveBeenLastCalledWith('/api/partner/service/bills', { page: 2, pageSize: 20, status: null });
    await pageBills({ page: 1, pageSize: 50, status: 2 });
    expect(vi.mocked(post)).toHaveBeenLastCalledWith('/api/partner/service/bills', { page: 1, pageSize: 50, status: 2 });
  });

  it('reads the billing addresses and sends I have paid, toasting a refusal (not silent)', async () => {
    await billingAddresses();
    expect(vi.mocked(post)).toHaveBeenLastCalledWith('/api/partner/service/billingAddresses', {});
    await markBillPaid({ billId: 7, chainId: 1337, hash: 'ab' });
    expect(vi.mocked(post)).toHaveBeenLastCalledWith('/api/partner/service/bills/paid', { billId: 7, chainId: 1337, hash: 'ab' });
  });
});
