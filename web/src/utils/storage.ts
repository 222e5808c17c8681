import type { UserSession } from '@/api/types';

// Every localStorage key the console uses lives here, so "clear storage" has one definition.
export const STORAGE_KEYS = {
  token: 'coffer.token',
  session: 'coffer.session',
  tabs: 'coffer.tabs',
  lang: 'coffer.lang',
  settings: 'coffer.settings',
  /** Set by the layout below 993 px; the spec names it a locally stored mobile flag. */
  isMobile: 'isMobile',
} as const;

/**
 * Keys tied to the signed-in user. They are removed on logout and on session expiry.
 * UI preferences (language, layout settings, mobile flag) are not user data and survive, so the
 * login page keeps the language the user picked.
 */
const SESSION_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.session, STORAGE_KEYS.tabs];

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode policies): behave as empty
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the session then lives only in memory for this tab */
  }
}

export function readJson<T>(key: string): T | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export const storage = { read, write };

export function getToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function saveSession(session: UserSession): void {
  if (session.sessionCode) write(STORAGE_KEYS.token, session.sessionCode);
  // The token is kept under its own key only; the stored profile never duplicates it.
  const { sessionCode: _omit, ...profile } = session;
  void _omit;
  writeJson(STORAGE_KEYS.session, profile);
}

export function loadSession(): UserSession | null {
  return readJson<UserSession>(STORAGE_KEYS.session);
}

export function clearSessionStorage(): void {
  SESSION_KEYS.forEach((key) => write(key, null));
}
