import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/store/session';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { makeUser } from '@/test/fixtures';
import { homeConfig, signOutAndRestore } from '@/test/session';
import { settle } from '@/test/router';
import { useHomeConfig } from './useHomeConfig';
import * as configModule from '@/api/config';
import * as cacheModule from '@/api/cache';

vi.mock('@/api/config');
const config = vi.mocked(configModule);
vi.mock('@/api/cache');
const cache = vi.mocked(cacheModule);

const DEVCHAIN = { chainid: 1337, chainname: 'Devchain', symbol: 'DEV', txurl: '', decimals: 18, family: 'dev', tokens: [] };
const TRON = { chainid: 728126428, chainname: 'TRON', symbol: 'TRX', txurl: '', decimals: 6, family: 'tron', tokens: [] };

/** A screen that shows the chains and the merchant's zone it got. */
function Screen({ name }: { name: string }) {
  const { chains, loading } = useHomeConfig();
  const zone = useMerchantTimeZone();
  return (
    <div data-testid={name}>
      {loading ? 'loading' : chains.map((chain) => chain.chainname).join(',')} zone {zone ?? '-'}
    </div>
  );
}

const text = (name: string) => screen.getByTestId(name).textContent ?? '';

/** Opens one screen after another, as navigating does: the first unmounts, the next mounts. */
function openScreen(name: string, view?: ReturnType<typeof render>) {
  if (view) {
    view.rerender(<Screen key={name} name={name} />);
    return view;
  }
  return render(<Screen key={name} name={name} />);
}

describe('the home config kept across screens', () => {
  beforeEach(() => {
    act(() => sessionStore.signIn(makeUser('all')));
    config.getHomeConfig.mockReset().mockResolvedValue(homeConfig([DEVCHAIN], { cacheVersion: '1.1' }));
    cache.checkCacheUpdate.mockReset().mockResolvedValue({ homeConfig: '1.1' });
  });
  afterEach(signOutAndRestore);

  it('is fetched once; the next screens only check it is current', async () => {
    const view = openScreen('deposits');
    expect(text('deposits')).toContain('loading');
    await waitFor(() => expect(text('deposits')).toContain('Devchain zone 8'));
    expect(cache.checkCacheUpdate).not.toHaveBeenCalled(); // just fetched

    openScreen('withdrawals', view);
    openScreen('tokens', view);
    expect(text('tokens')).toContain('Devchain zone 8'); // at once, from the cache
    await waitFor(() => expect(cache.checkCacheUpdate).toHaveBeenCalled());
    await settle(50);
    expect(config.getHomeConfig).toHaveBeenCalledTimes(1);
  });

  it('is fetched again when the server says it changed, and the new zone reaches every screen', async () => {
    const view = openScreen('deposits');
    await waitFor(() => expect(text('deposits')).toContain('Devchain zone 8'));

    config.getHomeConfig.mockResolvedValue(homeConfig([DEVCHAIN, TRON], { cacheVersion: '2.1', timeZone: -5 }));
    cache.checkCacheUpdate.mockResolvedValue({ homeConfig: '2.1' });
    openScreen('tokens', view);
    await waitFor(() => expect(text('tokens')).toContain('Devchain,TRON zone -5'));
    expect(config.getHomeConfig).toHaveBeenCalledTimes(2);

    // Now current again: the next screen fetches nothing.
    openScreen('withdrawals', view);
    await waitFor(() => expect(cache.checkCacheUpdate).toHaveBeenCalledTimes(2));
    await settle(50);
    expect(config.getHomeConfig).toHaveBeenCalledTimes(2);
  });

  it('keeps the config when the check fails', async () => {
    const view = openScreen('deposits');
    await waitFor(() => expect(text('deposits')).toContain('Devchain'));
    cache.checkCacheUpdate.mockRejectedValue(new Error('network error'));
    openScreen('tokens', view);
    await waitFor(() => expect(cache.checkCacheUpdate).toHaveBeenCalled());
    await settle(50);
    expect(text('tokens')).toContain('Devchain zone 8');
    expect(config.getHomeConfig).toHaveBeenCalledTimes(1);
  });

  it('asks again on the next screen after a failed fetch', async () => {
    config.getHomeConfig.mockRejectedValueOnce(new Error('network error'));
    const view = openScreen('deposits');
    await waitFor(() => expect(text('deposits')).toMatch(/^ zone/)); // no chains, not loading
    openScreen('tokens', view);
    await waitFor(() => expect(text('tokens')).toContain('Devchain zone 8'));
    expect(config.getHomeConfig).toHaveBeenCalledTimes(2);
  });

  it('is not shown to another session: signing in as someone else fetches theirs', async () => {
    const view = openScreen('deposits');
    await waitFor(() => expect(text('deposits')).toContain('Devchain'));
    config.getHomeConfig.mockResolvedValue(homeConfig([TRON], { cacheVersion: '1.1', timeZone: 3 }));
    act(() => sessionStore.signIn(makeUser('all', { sessionCode: 'token-of-another-merchant' })));
    openScreen('tokens', view);
    expect(text('tokens')).not.toContain('Devchain');
    await waitFor(() => expect(text('tokens')).toContain('TRON zone 3'));
    expect(config.getHomeConfig).toHaveBeenCalledTimes(2);
  });
});
