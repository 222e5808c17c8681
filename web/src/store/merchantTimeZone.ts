import { useEffect, useSyncExternalStore } from 'react';
import type { HomeConfig } from '@/api/types';
import { isTimeZone } from '@/utils/timezone';
import { homeConfigStore } from './homeConfig';
import { sessionStore } from './session';

// The merchant's time zone (home/config `timeZone`, kept by ./homeConfig.ts), shared by every
// page that filters or shows times. Changing it in the personal centre updates it here at once;
// a change made elsewhere arrives with the home config fetched again.

interface ZoneState {
  /** The session the value belongs to; another sign-in loads it again. */
  token: string | null;
  timeZone: number | null;
}

const listeners = new Set<() => void>();
let state: ZoneState = { token: null, timeZone: null };

function publish(next: ZoneState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

// Each home config fetched is taken once: a /timeZone/set made here meanwhile is newer than the
// config kept from before it.
let adopted: HomeConfig | null = null;

function adoptHomeConfig(): void {
  const { token, config } = homeConfigStore.get();
  if (!token || !config || config === adopted || token !== sessionStore.get().token) return;
  adopted = config;
  if (isTimeZone(config.timeZone)) publish({ token, timeZone: config.timeZone });
}

homeConfigStore.subscribe(adoptHomeConfig);

export const merchantTimeZone = {
  get: (): ZoneState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After a successful /timeZone/set. */
  set(timeZone: number): void {
    publish({ token: sessionStore.get().token, timeZone });
  },
};

/** The merchant's UTC offset in hours, or null while it loads (or when it could not be read). */
export function useMerchantTimeZone(): number | null {
  const current = useSyncExternalStore(merchantTimeZone.subscribe, merchantTimeZone.get, merchantTimeZone.get);
  const token = sessionStore.get().token;
  const fresh = current.token !== null && current.token === token;
  useEffect(() => {
    // Times stay in the browser's zone while it loads, or when it could not be read.
    if (!token || fresh) return;
    adoptHomeConfig();
    void homeConfigStore.refresh();
  }, [token, fresh]);
  return fresh ? current.timeZone : null;
}
