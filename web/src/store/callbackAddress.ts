import { useEffect, useSyncExternalStore } from 'react';
import { getApiSettings } from '@/api/system';
import { sessionStore } from './session';

// Whether the merchant has a callback address (System › Callback, read from `/secret`), so the
// order lists and the callback log can say a waiting callback has nowhere to go. Read once for
// every row and screen of a session, silently (a role without 803/804 cannot read it: the states
// are then shown as the server gives them), again when the read is a minute old (another staff
// member may have set it), and at once when this console saves an address.

/** 'unknown' until read, and for a role that may not read it. */
export type CallbackAddressState = 'set' | 'none' | 'unknown';

/** How long a read answers for every list before the next list reads again. */
export const CALLBACK_ADDRESS_MAX_AGE_MS = 60_000;

interface Entry {
  token: string | null;
  at: number;
  state: CallbackAddressState;
  loading: boolean;
}

let entry: Entry = { token: null, at: 0, state: 'unknown', loading: false };
const listeners = new Set<() => void>();

function publish(next: Entry): void {
  entry = next;
  listeners.forEach((listener) => listener());
}

const stateOf = (url: string): CallbackAddressState => (url.trim() ? 'set' : 'none');

/** Reads the address unless this session's read is fresh or on its way. */
export function refreshCallbackAddress(now: number = Date.now()): void {
  const token = sessionStore.get().token;
  const sameSession = entry.token === token;
  const fresh = entry.at > 0 && now - entry.at < CALLBACK_ADDRESS_MAX_AGE_MS;
  if (sameSession && (entry.loading || fresh)) return;
  publish({ token, at: now, state: sameSession ? entry.state : 'unknown', loading: true });
  getApiSettings({ silent: true })
    .then((settings) => stateOf(settings.callbackUrl))
    .catch((): CallbackAddressState => 'unknown')
    .then((state) => {
      if (entry.token === token) publish({ token, at: now, state, loading: false });
    });
}

/** The address as this console just read or saved it (System › Callback). */
export function noteCallbackUrl(url: string, now: number = Date.now()): void {
  publish({ token: sessionStore.get().token, at: now, state: stateOf(url), loading: false });
}

const snapshot = (): CallbackAddressState => (entry.token === sessionStore.get().token ? entry.state : 'unknown');
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the merchant has a callback address, read as described above. */
export function useCallbackAddress(): CallbackAddressState {
  useEffect(() => refreshCallbackAddress(), []);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
