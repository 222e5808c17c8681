import { post } from '@/utils/request';
import type { CallbackAttempt, CallbackStatus } from './orders';
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
  /** The event's place in its order's events: 1, 2, 3.... */
  seq: number;
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

/** A stable failure reason of an attempt, "" on success. */
export type AttemptReason =
  | ''
  | 'timeout'
  | 'unreachable'
  | 'blocked_target'
  | 'http_status'
  | 'not_json'
  | 'code_not_zero'
  | 'processing'
  | 'no_address';

/** What a push or the test callback came to. */
export interface AttemptResult {
  eventId: string;
  /** False: queued, not sent now (on its way already, or no callback address: reason "no_address"). */
  attempted: boolean;
  /** The reply was JSON with code 0. */
  success: boolean;
  httpStatus: number | null;
  /** The reply's `code` as the merchant wrote it. */
  replyCode: unknown;
  reason: AttemptReason | string;
  /** The start of the reply (at most 500 characters). */
  response: string;
  latencyMs: number;
}

/** Needs 80401; sends now and answers how it went. */
export const pushCallback = (eventId: string) => post<AttemptResult>('/api/partner/callback/push', { eventId }, { loading: true });

/** A signed `ping` to the saved callback address (80402): nothing is recorded. */
export const testCallback = () => post<AttemptResult>('/api/partner/callback/test', {}, { loading: true });
