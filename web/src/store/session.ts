import { useSyncExternalStore } from 'react';
import type { UserSession } from '@/api/types';
import { clearSessionStorage, getToken, loadSession, saveSession } from '@/utils/storage';
import { eventBus, EVENTS } from '@/utils/eventBus';

// The signed-in user, mirrored from localStorage so every component re-renders on sign-in,
// sign-out, expiry and the start-up refresh.

export interface SessionState {
  token: string | null;
  user: UserSession | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function readState(): SessionState {
  const token = getToken();
  // A profile without a token is useless (and a token without a profile cannot build menus).
  const user = token ? loadSession() : null;
  return { token: user ? token : null, user };
}

let state: SessionState = readState();

function publish(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  get: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After /api/partner/login: keep the token and the profile. */
  signIn(session: UserSession): void {
    saveSession(session);
    publish(readState());
  },
  /** After /user/info: refresh menus and permissions, keep the current token. */
  refresh(profile: UserSession): void {
    if (!state.token) return;
    saveSession({ ...profile, sessionCode: state.token });
    publish(readState());
  },
  signOut(): void {
    clearSessionStorage();
    publish({ token: null, user: null });
  },
  /** Re-read storage (the request layer clears it directly on expiry). */
  reload(): void {
    publish(readState());
  },
};

// Expiry is detected by the request layer, which already cleared storage: drop the copy too.
eventBus.on(EVENTS.loginExpired, () => sessionStore.signOut());

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

// Another browser tab signed in or out: follow it, so two tabs never disagree about the user.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('coffer.')) sessionStore.reload();
  });
}
