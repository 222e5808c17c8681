import { useEffect, useState } from 'react';
import { getConfigKeys } from '@/api/config';
import type { PublicConfig } from '@/api/types';

// The public keys the console shows (support address, promo video). Fetched once per page load
// and shared; a failure leaves them empty and the features that need them simply hide.
const KEYS = ['supportEmail', 'promoVideoUrl', 'siteName', 'privacyPolicyUrl'] as const;
let pending: Promise<PublicConfig> | null = null;

function load(): Promise<PublicConfig> {
  if (!pending) {
    pending = getConfigKeys([...KEYS]).catch(() => {
      pending = null; // try again on the next mount
      return {};
    });
  }
  return pending;
}

export function usePublicConfig(): PublicConfig {
  const [config, setConfig] = useState<PublicConfig>({});
  useEffect(() => {
    let alive = true;
    void load().then((value) => alive && setConfig(value));
    return () => {
      alive = false;
    };
  }, []);
  return config;
}
