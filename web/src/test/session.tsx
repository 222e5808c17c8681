import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { ChainNode, HomeConfig, UserSession } from '@/api/types';
import { sessionStore } from '@/store/session';
import { makeUser } from './fixtures';
import { TestRouter, settle } from './router';

// What the component tests of the console's screens share: a signed-in user, the screen inside
// the test router, home/config's answer, and the clicks on a confirm popup.

/** Signs in a user holding `menuIds` and renders `page` in the test router, at `path` (a page reading `?id=`). */
export function renderSignedIn(menuIds: Array<number | string>, page: ReactNode, overrides: Partial<UserSession> = {}, path?: string) {
  act(() => sessionStore.signIn(makeUser(menuIds, overrides)));
  return render(<TestRouter path={path}>{page}</TestRouter>);
}

/** After each test: sign out and put back what `vi.spyOn` replaced. */
export function signOutAndRestore() {
  act(() => sessionStore.signOut());
  vi.restoreAllMocks();
}

/** home/config's answer for the chains given (the merchant zone UTC+8). */
export const homeConfig = (chainNodes: ChainNode[], overrides: Partial<HomeConfig> = {}): HomeConfig => ({
  chainNodes,
  partnerChainNodes: [],
  tokenIconUrl: '',
  tronEnergyBaseAmount: { withUsdt: '6.4285', withoutUsdt: '13.0285', readAt: '2026-11-22T08:00:00Z' },
  timeZone: 8,
  multiAddressCollect: false,
  cacheVersion: '0.0',
  ...overrides,
});

/** Clicks the newest button `testId` (a popup's Sure), once the popup has opened. */
export async function clickLatest(testId: string, wait = 400) {
  await settle(wait);
  const buttons = screen.getAllByTestId(testId);
  fireEvent.click(buttons[buttons.length - 1]);
}
