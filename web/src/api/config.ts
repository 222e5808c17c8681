import { get, post } from '@/utils/request';
import type { HomeConfig, PublicConfig, PublicConfigKey } from './types';

/**
 * Public configuration values (no session needed). Silent: a missing value only hides the
 * feature that needs it. The server rejects an empty key list, so we never send one.
 */
export function getConfigKeys(keys: PublicConfigKey[]): Promise<PublicConfig> {
  const list = keys.map((key) => key.trim()).filter(Boolean);
  if (list.length === 0) return Promise.reject(new Error('getConfigKeys needs at least one key'));
  return get<PublicConfig>(`/common/configKey/${list.map(encodeURIComponent).join(',')}`, { silent: true });
}

export const getHomeConfig = () => post<HomeConfig>('/api/partner/home/config');
