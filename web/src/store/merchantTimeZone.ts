import { useEffect, useSyncExternalStore } from 'react';
import { getHomeConfig } from '@/api/config';
import { isTimeZone } from '@/utils/timezone';
import { sessionStore } from './session';

// The merchant's time zone (home/config `timeZone`), loaded once per session and shared by every
// page that filters or shows times. Changing it in the personal centre updates it here at once.

interface ZoneState {
  /** The session the value belongs to; another sign-in loads it again. */
  token: string | null;
  timeZone: number | null;
}

const listeners = new Set<() => void>();
let state: ZoneState = { token: null, timeZone: null };
let loading: Promise<void> | null = null;

function publish(next: ZoneState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function load(token: string): void {
  if (loading) return;
  loading = getHomeConfig()
    .then((config) => {
      if (sessionStore.get().token === token && isTimeZone(config.timeZone)) publish({ token, timeZone: config.timeZone });
    })
    .catch(() => undefined) // the request layer told the user; times stay in the browser's zone
    .finally(() => {
      loading = null;
    });
}

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
    if (token && !fresh) load(token);
  }, [token, fresh]);
  return fresh ? current.timeZone : null;
}
