import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/store/session';
import { SERVER_ADDRESS_RULES } from '@/test/addressRules';
import { makeUser } from '@/test/fixtures';
import { useAddressRules } from './addressRules';
import * as chainsModule from '@/api/chains';

vi.mock('@/api/chains');
const api = vi.mocked(chainsModule);

beforeEach(() => {
  api.getAddressRules.mockReset().mockResolvedValue(SERVER_ADDRESS_RULES);
});
afterEach(() => act(() => sessionStore.signOut()));

describe('the server’s address rules in the forms', () => {
  it('are read once per session and give each family its own rule', async () => {
    act(() => sessionStore.signIn(makeUser([1], { sessionCode: 'rules-a' })));
    const tron = renderHook(() => useAddressRules('tron'));
    expect(tron.result.current).toEqual([]); // while they load the server decides alone
    await waitFor(() => expect(tron.result.current.map((rule) => rule.family)).toEqual(['tron']));
    const any = renderHook(() => useAddressRules(undefined));
    await waitFor(() => expect(any.result.current).toHaveLength(SERVER_ADDRESS_RULES.length));
    expect(api.getAddressRules).toHaveBeenCalledTimes(1);
  });

  it('a failed read is asked again by the next form', async () => {
    act(() => sessionStore.signIn(makeUser([1], { sessionCode: 'rules-b' })));
    api.getAddressRules.mockRejectedValueOnce(new Error('offline'));
    const first = renderHook(() => useAddressRules('evm'));
    await waitFor(() => expect(api.getAddressRules).toHaveBeenCalledTimes(1));
    expect(first.result.current).toEqual([]);
    const second = renderHook(() => useAddressRules('evm'));
    await waitFor(() => expect(second.result.current.map((rule) => rule.chainId)).toEqual([31337]));
    expect(api.getAddressRules).toHaveBeenCalledTimes(2);
  });
});
