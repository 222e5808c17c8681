import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// IP list (menu 701, docs/api.md): addresses a merchant asks to call the merchant API from.

/** 0 awaiting review, 1 approved, 2 rejected. */
export type IpApplyStatus = 0 | 1 | 2;
/** 1 effective (approved: on the allow-list), 0 not effective. */
export type IpStatus = 0 | 1;

export interface PartnerIpRow {
  id: number;
  ip: string;
  remark: string;
  status: IpStatus;
  applyStatus: IpApplyStatus;
  createtime: string;
  /** null until an operator reviewed the request. */
  reviewtime: string | null;
}

export const getPartnerIps = (query: PageQuery, options: { silent?: boolean } = {}) =>
  post<PageResult<PartnerIpRow>>('/api/partner/ipConfigs/getPartnerIps', { page: query.page, pageSize: query.pageSize }, options);

/** Needs 70101. `remark` is optional (at most 100 characters). */
export const requestPartnerIp = (body: { ip: string; remark?: string }) =>
  post<{ id: number }>('/api/partner/ipConfigs/requestPartnerIp', body, { loading: true });

/** Needs 70102. Deleting an approved address removes it from the allow-list at once. */
export const deletePartnerIp = (id: number) => post<null>('/api/partner/ipConfigs/deletePartnerIp', { id }, { loading: true });
