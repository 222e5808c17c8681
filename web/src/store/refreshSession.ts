import { userInfo } from '@/api/auth';
import { sessionStore } from '@/store/session';

/** Re-reads the signed-in user after a change to it (Google binding), so the page shows it. */
export async function refreshSession(): Promise<void> {
  try {
    sessionStore.refresh(await userInfo());
  } catch {
    /* expiry is handled by the request layer; otherwise the stored profile stays */
  }
}
