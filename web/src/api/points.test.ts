import { describe, expect, it, vi } from 'vitest';
import { post } from '@/utils/request';
import { rechargeAddress } from './points';

vi.mock('@/utils/request', async (original) => ({
  ...(await original<typeof import('@/utils/request')>()),
  post: vi.fn(() => Promise.resolve(null)),
}));

describe('recharge address', () => {
  // The refusal (recharging not available on the chain) is shown in the Recharge section, so the call must not toast it.
  it('asks for the chosen chain silently', async () => {
    await rechargeAddress(1337);
    expect(vi.mocked(post)).toHaveBeenCalledWith('/api/partner/points/recharge', { chainId: 1337 }, { silent: true });
  });
});
