import { post } from '@/utils/request';
import type { GoogleSecret, OperationLogEntry, PageQuery, PageResult } from './types';

// Personal centre calls (docs/api.md): open to any signed-in user, except the time zone (admin).

/** Starts binding: a new pending secret (replaces an unconfirmed one). */
export const googleCode = () => post<GoogleSecret>('/api/partner/google/code', undefined, { loading: true });

/** Confirms the pending secret with the authenticator's current code. */
export const googleBind = (code: string) => post<null>('/api/partner/google/bind', { code }, { loading: true });

export const googleUnbind = (code: string) => post<null>('/api/partner/google/unbind', { code }, { loading: true });

/** The merchant's UTC offset in whole hours, -11..+13; admin role only. */
export const setTimeZone = (timeZone: number) => post<null>('/api/partner/timeZone/set', { timeZone }, { loading: true });

/** The caller's own operation log, newest first. */
export const myLogs = (query: PageQuery) => post<PageResult<OperationLogEntry>>('/api/sys/logs/myLogs', query);
