import { useEffect, useSyncExternalStore } from 'react';
import type { ChainNode, HomeConfig } from '@/api/types';
import { homeConfigStore } from '@/store/homeConfig';
import { sessionStore } from '@/store/session';

/**
 * home/config for a screen: the chains, their tokens and families, and the icon URL. Kept across
 * screens (see store/homeConfig.ts); opening a screen only checks that it is still current.
 */
export function useHomeConfig(): { config: HomeConfig | null; chains: ChainNode[]; loading: boolean } {
  const current = useSyncExternalStore(homeConfigStore.subscribe, homeConfigStore.get, homeConfigStore.get);
  const token = sessionStore.get().token;
  useEffect(() => {
    void homeConfigStore.refresh();
  }, [token]);
  const mine = current.token === token;
  const config = mine ? current.config : null;
  return { config, chains: config?.chainNodes ?? [], loading: !config && (!mine || current.loading) };
}
