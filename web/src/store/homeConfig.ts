import { getHomeConfig } from '@/api/config';
import { checkCacheUpdate } from '@/api/cache';
import type { HomeConfig } from '@/api/types';
import { sessionStore } from './session';

// The home config (chains, tokens, the merchant's settings), kept for the session and shared by
// every screen. A screen that opens asks the server, silently, whether it changed
// (check/cache/update) and it is fetched again only then: the server moves the version on when
// chains, tokens or the merchant's settings change.

export interface HomeConfigState {
  /** The session the config belongs to; another sign-in fetches it again. */
  token: string | null;
  config: HomeConfig | null;
  /** A fetch for this session is running. */
  loading: boolean;
}

const EMPTY: HomeConfigState = { token: null, config: null, loading: false };
const listeners = new Set<() => void>();
let state: HomeConfigState = EMPTY;
let fetching: { token: string; done: Promise<void> } | null = null;
let checking: Promise<void> | null = null;

function publish(next: HomeConfigState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function fetchFor(token: string): Promise<void> {
  if (fetching?.token === token) return fetching.done;
  if (state.token !== token) publish({ token, config: null, loading: true });
  else publish({ ...state, loading: true });
  const done = getHomeConfig()
    .then((config) => {
      if (state.token === token) publish({ token, config, loading: false });
    })
    .catch(() => {
      // The request layer told the user; a kept config stays, the next screen asks again.
      if (state.token === token) publish({ ...state, loading: false });
    })
    .finally(() => {
      if (fetching?.done === done) fetching = null;
    });
  fetching = { token, done };
  return done;
}

function checkFor(token: string): Promise<void> {
  if (!checking) {
    checking = checkCacheUpdate()
      .then(({ homeConfig }) => {
        if (state.token === token && state.config?.cacheVersion !== homeConfig) return fetchFor(token);
      })
      .catch(() => undefined) // silent: the kept config stays until the next check
      .finally(() => {
        checking = null;
      });
  }
  return checking;
}

export const homeConfigStore = {
  get: (): HomeConfigState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A screen opens: fetch the config the first time, else check that the kept one is current. */
  refresh(): Promise<void> {
    const token = sessionStore.get().token;
    if (!token) return Promise.resolve();
    if (state.token === token && state.config) return checkFor(token);
    return fetchFor(token);
  },
  /** Forgets everything (unit tests start each case from nothing). */
  reset(): void {
    fetching = null;
    checking = null;
    publish(EMPTY);
  },
};
