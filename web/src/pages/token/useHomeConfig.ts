import { useEffect, useState } from 'react';
import { getHomeConfig } from '@/api/config';
import type { ChainNode, HomeConfig } from '@/api/types';

/** home/config for a token screen: the chains, their tokens and families, and the icon URL. */
export function useHomeConfig(): { config: HomeConfig | null; chains: ChainNode[]; loading: boolean } {
  const [config, setConfig] = useState<HomeConfig | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let alive = true;
    getHomeConfig()
      .then((value) => alive && setConfig(value))
      .catch(() => undefined) // the request layer told the user
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);
  return { config, chains: config?.chainNodes ?? [], loading };
}
