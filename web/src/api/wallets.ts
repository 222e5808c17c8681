import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// Deposit addresses (menu 202) and hot (payout) wallets (menu 205), docs/api.md "Wallets and
// assets". Balances are decimal strings in the token's units.

/** An end user's (OpenID) deposit address on one chain. */
export interface DepositAddressRow {
  id: number;
  chainId: number;
  chainname: string;
  openId: string;
  address: string;
  remark: string;
  createtime: string;
}

export interface DepositAddressFilters {
  chainId?: number;
  openId?: string;
  address?: string;
}

/** 0 normal, 1 pause (a paused wallet never pays). */
export type HotWalletStatus = 0 | 1;

export interface HotWalletBalance {
  /** null for the chain's native coin. */
  tokenId: number | null;
  symbol: string;
  amount: string;
}

export interface HotWalletRow {
  id: number;
  chainId: number;
  chainname: string;
  chainsymbol: string;
  address: string;
  status: HotWalletStatus;
  remark: string;
  balances: HotWalletBalance[];
  /** True when the chain could not be asked (balances are then empty). */
  balanceError: boolean;
  createtime: string;
}

export const pageDepositAddresses = (query: PageQuery & DepositAddressFilters, options: { silent?: boolean } = {}) =>
  post<PageResult<DepositAddressRow>>('/api/partner/address/pagelist', query, options);

/** Needs 20201. At most 100 characters. */
export const editAddressRemark = (id: number, remark: string) =>
  post<null>('/api/partner/address/editRemark', { id, remark }, { loading: true });

export const pageHotWallets = (query: PageQuery & { chainId?: number }, options: { silent?: boolean } = {}) =>
  post<PageResult<HotWalletRow>>('/api/v2/partner/hotwallet/page_list', query, options);

/** Needs 20501. At most 5 per merchant, across chains. */
export const addHotWallet = (body: { chainId: number; remark?: string }) =>
  post<{ id: number; address: string }>('/api/v2/partner/hotwallet/add', body, { loading: true });

/** Needs 20502. */
export const setHotWalletStatus = (id: number, status: HotWalletStatus) =>
  post<null>('/api/v2/partner/hotwallet/status/setting', { id, status }, { loading: true });
