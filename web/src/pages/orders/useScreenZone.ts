import type { ChainNode } from '@/api/types';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { isTimeZone } from '@/utils/timezone';

/**
 * The merchant's zone and the chains for an order table screen (deposits, withdrawals). The
 * default period is the last 7 days of that zone, so the screen waits (`waiting`) for the zone,
 * or for home/config to fail, before its first request.
 */
export function useScreenZone(): { timeZone: number | null; chains: ChainNode[]; waiting: boolean } {
  const merchantZone = useMerchantTimeZone();
  const { config, chains, loading } = useHomeConfig();
  const timeZone = merchantZone ?? (isTimeZone(config?.timeZone) ? config!.timeZone : null);
  return { timeZone, chains, waiting: timeZone === null && loading };
}
