import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as systemModule from '@/api/system';
import type { ApiSettings } from '@/api/system';
import { makeUser } from '@/test/fixtures';
import { CALLBACK_ADDRESS_MAX_AGE_MS, noteCallbackUrl, refreshCallbackAddress, useCallbackAddress } from './callbackAddress';
import { sessionStore } from './session';

vi.mock('@/api/system');
const api = vi.mocked(systemModule);
const settings = (callbackUrl: string) => ({ callbackUrl }) as ApiSettings;

beforeEach(() => {
  api.getApiSettings.mockReset().mockResolvedValue(settings(''));
});
afterEach(() => act(() => sessionStore.signOut()));

describe('whether the merchant has a callback address', () => {
  it('is read once for all the cells of a session, and again for another session', async () => {
    act(() => sessionStore.signIn(makeUser('all', { sessionCode: 'address-a' })));
    const first = renderHook(() => useCallbackAddress());
    const second = renderHook(() => useCallbackAddress());
    await waitFor(() => expect(first.result.current).toBe('none'));
    expect(second.result.current).toBe('none');
    expect(api.getApiSettings).toHaveBeenCalledTimes(1);

    api.getApiSettings.mockResolvedValue(settings('https://shop.example/cb'));
    act(() => sessionStore.signIn(makeUser('all', { sessionCode: 'address-b' })));
    const other = renderHook(() => useCallbackAddress());
    await waitFor(() => expect(other.result.current).toBe('set'));
    expect(api.getApiSettings).toHaveBeenCalledTimes(2);
  });

  it('follows an address saved in this console at once, and is read again after a minute', async () => {
    act(() => sessionStore.signIn(makeUser('all', { sessionCode: 'address-c' })));
    const start = 5_000_000;
    refreshCallbackAddress(start);
    const hook = renderHook(() => useCallbackAddress());
    await waitFor(() => expect(hook.result.current).toBe('none'));
    act(() => noteCallbackUrl('https://shop.example/cb', start));
    expect(hook.result.current).toBe('set');

    refreshCallbackAddress(start + CALLBACK_ADDRESS_MAX_AGE_MS - 1);
    expect(api.getApiSettings).toHaveBeenCalledTimes(1);
    act(() => refreshCallbackAddress(start + CALLBACK_ADDRESS_MAX_AGE_MS));
    expect(api.getApiSettings).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(hook.result.current).toBe('none'));
  });

  it('is unknown for a role that cannot read it', async () => {
    act(() => sessionStore.signIn(makeUser([301], { sessionCode: 'address-d' })));
    api.getApiSettings.mockRejectedValue(new Error('no permission'));
    const hook = renderHook(() => useCallbackAddress());
    await waitFor(() => expect(api.getApiSettings).toHaveBeenCalledTimes(1));
    await act(() => Promise.resolve());
    expect(hook.result.current).toBe('unknown');
  });
});
