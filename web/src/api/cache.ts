import { post } from '@/utils/request';

/** Where the data the console keeps stands (docs/api.md); compared with what was fetched. */
export interface CacheVersions {
  /** home/config's `cacheVersion` while it is current. */
  homeConfig: string;
}

/** Silent: when the check fails, the console keeps what it has. */
export const checkCacheUpdate = () => post<CacheVersions>('/api/partner/check/cache/update', undefined, { silent: true });
