import { post } from '@/utils/request';
import type { CallbackAttempt, CallbackStatus } from './deposits';
import type { PageQuery, PageResult } from './types';

// The callback log (menu 804), docs/api.md "Deposits and callbacks".

/** One notification: the same eventId on every delivery attempt. */
export interface CallbackEvent {
  eventId: string;
  orderNo: string;
  depositId: number | null;
  /** e.g. "deposit.confirmed". */
  event: string;
  status: CallbackStatus;
  attempts: number;
  nextAttemptTime: string | null;
  lastHttpStatus: number | null;
  createtime: string;
  deliveredtime: string | null;
}

export interface CallbackFilters {
  start?: string;
  end?: string;
  orderNo?: string;
  status?: CallbackStatus;
}

export const pageCallbacks = (query: PageQuery & CallbackFilters) =>
  post<PageResult<CallbackEvent>>('/api/partner/callback/page', query);

/** Newest first. */
export const callbackAttempts = (eventId: string) => post<CallbackAttempt[]>('/api/partner/callback/attempts', { eventId });

/** Needs 80401. */
export const pushCallback = (eventId: string) => post<null>('/api/partner/callback/push', { eventId }, { loading: true });
