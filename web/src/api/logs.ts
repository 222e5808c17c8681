import { post } from '@/utils/request';
import type { LogResult, LoginLogEntry, OperationLogEntry, PageQuery, PageResult } from './types';

// Logs (menu 9, docs/api.md). `start` and `end` are RFC 3339 times (utils/timezone.ts).

export interface LogPeriod {
  start?: string;
  end?: string;
}

export const loginLogPage = (query: PageQuery & LogPeriod & { email?: string; result?: LogResult }) =>
  post<PageResult<LoginLogEntry>>('/api/partner/logs/login/page', query);

export const operationLogPage = (query: PageQuery & LogPeriod & { email?: string; action?: string }) =>
  post<PageResult<OperationLogEntry>>('/api/partner/logs/operation/page', query);
